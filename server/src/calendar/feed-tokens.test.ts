import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { feedUrls, findFeedOwner, getOrCreateFeedToken, resetFeedToken } from './feed-tokens.ts';
import { deriveFeedTokenKey } from './token-crypto.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

const NOW = Date.UTC(2026, 4, 1);
const holder = (userId: string) => ({ userId, troopId: FIRST_TROOP_ID });

async function addUser(store: Store, id: string) {
  const at = new Date(NOW).toISOString();
  await store.query(
    'INSERT INTO users (id, email, display_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    [id, `${id}@example.org`, id, at, at],
  );
}

describe.each(testStoreKinds)('feed tokens in the store (%s)', (kind) => {
  let store: Store;
  afterEach(async () => store?.close());
  const key = deriveFeedTokenKey(crypto.randomBytes(64));

  it('keeps one token per user, found by its hash, stored neither plain nor hashed-only', async () => {
    store = await openTestStore(kind);
    await addUser(store, 'u1');
    const first = await getOrCreateFeedToken(store, key, holder('u1'), NOW);
    expect(first.reissued).toBe(false);
    expect((await getOrCreateFeedToken(store, key, holder('u1'), NOW)).token).toBe(first.token);
    expect(await findFeedOwner(store, FIRST_TROOP_ID, first.token)).toBe('u1');
    const { rows } = await store.query('SELECT * FROM calendar_feeds');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(first.token);
  });

  it('gives two first requests at once the same token', async () => {
    store = await openTestStore(kind);
    await addUser(store, 'u1');
    const [a, b] = await Promise.all([
      getOrCreateFeedToken(store, key, holder('u1'), NOW),
      getOrCreateFeedToken(store, key, holder('u1'), NOW),
    ]);
    expect(a.token).toBe(b.token);
  });

  it('kills the old token at once on reset', async () => {
    store = await openTestStore(kind);
    await addUser(store, 'u1');
    const old = await getOrCreateFeedToken(store, key, holder('u1'), NOW);
    const fresh = await resetFeedToken(store, key, holder('u1'), NOW);
    expect(fresh).not.toBe(old.token);
    expect(await findFeedOwner(store, FIRST_TROOP_ID, old.token)).toBeUndefined();
    expect(await findFeedOwner(store, FIRST_TROOP_ID, fresh)).toBe('u1');
    expect((await getOrCreateFeedToken(store, key, holder('u1'), NOW)).token).toBe(fresh);
  });

  it('issues a new token when the server secret changed and the stored one cannot be shown', async () => {
    store = await openTestStore(kind);
    await addUser(store, 'u1');
    const old = await getOrCreateFeedToken(store, key, holder('u1'), NOW);
    const otherKey = deriveFeedTokenKey(crypto.randomBytes(64));
    const after = await getOrCreateFeedToken(store, otherKey, holder('u1'), NOW);
    expect(after.reissued).toBe(true);
    expect(after.token).not.toBe(old.token);
    expect(await findFeedOwner(store, FIRST_TROOP_ID, old.token)).toBeUndefined();
    expect(await findFeedOwner(store, FIRST_TROOP_ID, after.token)).toBe('u1');
  });

  it('refuses a user that no longer exists and drops the feed with its user', async () => {
    store = await openTestStore(kind);
    await expect(getOrCreateFeedToken(store, key, holder('ghost'), NOW)).rejects.toMatchObject({
      status: 401,
    });
    await expect(resetFeedToken(store, key, holder('ghost'), NOW)).rejects.toMatchObject({
      status: 401,
    });
    await addUser(store, 'u1');
    const { token } = await getOrCreateFeedToken(store, key, holder('u1'), NOW);
    await store.query('DELETE FROM users WHERE id = ?', ['u1']);
    expect(await findFeedOwner(store, FIRST_TROOP_ID, token)).toBeUndefined();
  });

  it('serves no owner for a token made while active once the member is suspended or waits', async () => {
    store = await openTestStore(kind);
    await addUser(store, 'u1');
    const { token } = await getOrCreateFeedToken(store, key, holder('u1'), NOW);
    expect(await findFeedOwner(store, FIRST_TROOP_ID, token)).toBe('u1');
    for (const status of ['suspended', 'pending']) {
      await store.query('UPDATE users SET status = ? WHERE id = ?', [status, 'u1']);
      expect(await findFeedOwner(store, FIRST_TROOP_ID, token), status).toBeUndefined();
    }
    await store.query("UPDATE users SET status = 'active' WHERE id = 'u1'");
    expect(await findFeedOwner(store, FIRST_TROOP_ID, token)).toBe('u1');
  });

  it('looks up nothing for a value that is not a token', async () => {
    store = await openTestStore(kind);
    expect(await findFeedOwner(store, FIRST_TROOP_ID, "' OR 1=1 --")).toBeUndefined();
    expect(await findFeedOwner(store, FIRST_TROOP_ID, '')).toBeUndefined();
  });
});

describe('feedUrls', () => {
  it('gives the https and webcal forms of one URL', () => {
    expect(feedUrls('https://troop.example.org', 'scout-troop', 'T'.repeat(43))).toEqual({
      httpsUrl: `https://troop.example.org/api/calendar/scout-troop/feed/${'T'.repeat(43)}.ics`,
      webcalUrl: `webcal://troop.example.org/api/calendar/scout-troop/feed/${'T'.repeat(43)}.ics`,
    });
  });
});
