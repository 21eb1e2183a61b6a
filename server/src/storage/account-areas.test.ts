/**
 * A member's avatar and `users/{id}/` folder are the account's in every troop it belongs to, so
 * a troop's admin (or its service key) reaches there only the accounts of their own troop
 * (docs/decisions/065-troops.md): an admin of troop 45 never replaces or removes the avatar of a
 * member of the first troop alone, while the member keeps writing their own from either troop.
 */
import { describe, expect, it } from 'vitest';
import { embeddedStore, sharedTestApp } from '../../test/test-app.ts';
import { oneServiceKey } from '../../test/service-keys.ts';
import { bearer, messageOf, png, remove, upload } from '../../test/storage.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';
import { accountOfPath, OTHER_TROOPS_ACCOUNT } from './account-areas.ts';

const KEY_OF_45 = 'sk_test_troop_45';
const UPSERT = JSON.stringify({ upsert: true });

describe('the account an account-area path names', () => {
  it('reads the folder owner and the avatar owner, ids with dashes included', () => {
    expect(accountOfPath('users/u-1/notes.txt')).toBe('u-1');
    expect(accountOfPath('avatars/3f2a-b7c1-9d-1700000000000.png')).toBe('3f2a-b7c1-9d');
    expect(accountOfPath('avatars/anything.png')).toBeNull();
    expect(accountOfPath('users/')).toBeNull();
  });
});

describe.each(embeddedStore)('account areas across troops (%s)', (kind) => {
  const t = sharedTestApp({
    store: kind,
    empty: true,
    deps: { serviceKeys: oneServiceKey(KEY_OF_45, 'key-45', 't45') },
  });

  /** Ann is a member of the first troop only; Bea is troop 45's admin only; Cal is in both. */
  async function twoTroops() {
    await addUnit(t, { id: 't45', projectId: 'troop-45', number: '45' });
    const ann = await bearer(t, 'ann');
    const bea = await bearer(t, 'bea', 'admin');
    await bearer(t, 'cal');
    await t.deps.store.query(`DELETE FROM memberships WHERE user_id = 'bea'`);
    await joinUnit(t, 'bea', 't45', 'admin');
    await joinUnit(t, 'cal', 't45');
    return { ann, bea };
  }

  it("refuses troop 45's admin and key the files of a member of another troop, not of their own", async () => {
    const { ann, bea } = await twoTroops();
    const annsAvatar = 'avatars/ann-1700000000000.png';
    expect((await upload(t, ann, { path: annsAvatar, data: await png() })).statusCode).toBe(200);
    expect((await upload(t, ann, { path: 'users/ann/plan.txt', data: 'mine' })).statusCode).toBe(
      200,
    );

    for (const auth of [bea, `Bearer ${KEY_OF_45}`]) {
      const replaced = await upload(
        t,
        auth,
        { path: annsAvatar, data: await png(), options: UPSERT },
        'troop-45',
      );
      expect(replaced.statusCode).toBe(403);
      expect(messageOf(replaced)).toBe(OTHER_TROOPS_ACCOUNT);
      const written = await upload(t, auth, { path: 'users/ann/x.txt', data: 'x' }, 'troop-45');
      expect(written.statusCode).toBe(403);
      const removed = await remove(t, auth, ['users/ann/plan.txt'], 'troop-45');
      expect(removed.statusCode).toBe(403);
      // A path that names no account is nobody's to fill from a troop.
      const loose = await upload(
        t,
        auth,
        { path: 'avatars/logo.png', data: await png() },
        'troop-45',
      );
      expect(loose.statusCode).toBe(403);
    }

    // Cal is in troop 45 too: its admin and its key keep the powers the roles give them there.
    const calsFile = await upload(
      t,
      bea,
      { path: 'users/cal/welcome.txt', data: 'hi' },
      'troop-45',
    );
    expect(calsFile.statusCode).toBe(200);
    const byKey = await upload(
      t,
      `Bearer ${KEY_OF_45}`,
      { path: 'users/cal/from-key.txt', data: 'hi' },
      'troop-45',
    );
    expect(byKey.statusCode).toBe(200);
    // Ann writes her own folder from any troop address she may use; her files stayed hers.
    expect(
      (await upload(t, ann, { path: 'users/ann/plan.txt', data: 'still mine', options: UPSERT }))
        .statusCode,
    ).toBe(200);
  });
});
