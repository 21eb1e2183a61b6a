/** `users` and `custom_users` through the Data API: one's own row, safe columns only. */
import { beforeEach, describe, expect, it } from 'vitest';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addMember, callRest, PASSWORD_HASH, type TestMember } from '../../test/rest.ts';

describe.each(testStoreKinds)('profile tables (%s)', (kind) => {
  // One app per store; the tests use fixed ids and read whole tables, so each starts on an
  // empty store.
  const t = sharedTestApp({ store: kind, empty: true });
  let a: TestMember;
  let b: TestMember;
  let admin: TestMember;

  beforeEach(async () => {
    a = await addMember(t, 'member-a');
    b = await addMember(t, 'member-b');
    admin = await addMember(t, 'admin-1', 'admin');
  });

  const userRow = async (id: string) =>
    (await t.deps.store.query<Record<string, unknown>>('SELECT * FROM users WHERE id = ?', [id]))
      .rows[0];

  describe('users', () => {
    it('shows one\u2019s own row through the safe columns only', async () => {
      const res = await callRest(t, 'GET', 'users', { token: a.token });
      expect(res.json()).toEqual([
        {
          id: a.id,
          email: a.email,
          display_name: 'Member member-a',
          avatar_url: null,
          role: 'user',
          metadata: '{}',
          email_verified: false,
          created_at: expect.any(String),
        },
      ]);
      expect(res.body).not.toContain(PASSWORD_HASH);
    });

    it('never exposes password hashes, not even to admins or through select, filter or order', async () => {
      for (const q of [
        'select=password_hash',
        'select=id,password_hash',
        'password_hash=like.*',
        'order=password_hash',
        'or=(id.eq.x,password_hash.is.null)',
      ]) {
        const res = await callRest(t, 'GET', `users?${q}`, { token: admin.token });
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error.message, q).toContain('"password_hash"');
      }
      const all = await callRest(t, 'GET', 'users', { token: admin.token });
      expect(all.json()).toHaveLength(3);
      expect(all.body).not.toContain(PASSWORD_HASH);
      const patched = await callRest(t, 'PATCH', `users?id=eq.${a.id}`, {
        token: admin.token,
        body: { display_name: 'Renamed' },
      });
      expect(patched.body).not.toContain(PASSWORD_HASH);
    });

    it('lets a member change only display_name, avatar_url and metadata of their own row', async () => {
      const res = await callRest(t, 'PATCH', `users?id=eq.${a.id}`, {
        token: a.token,
        body: {
          displayName: 'Alex Scout',
          avatarUrl: 'https://cdn.example/a.png',
          metadata: { firstName: 'Alex', troopNumber: '12' },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()[0]).toMatchObject({
        display_name: 'Alex Scout',
        avatar_url: 'https://cdn.example/a.png',
        metadata: '{"firstName":"Alex","troopNumber":"12"}',
      });
      for (const body of [
        { role: 'admin' },
        { email: 'x@y.org' },
        { emailVerified: true },
        { display_name: 'ok', role: 'admin' },
      ]) {
        const refused = await callRest(t, 'PATCH', `users?id=eq.${a.id}`, { token: a.token, body });
        expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      }
      expect(await userRow(a.id)).toMatchObject({
        role: 'user',
        email: a.email,
        display_name: 'Alex Scout',
      });
    });

    it('answers a member\u2019s change to another row with [] and changes nothing', async () => {
      const before = await userRow(b.id);
      const res = await callRest(t, 'PATCH', `users?id=eq.${b.id}`, {
        token: a.token,
        body: { display_name: 'Hacked' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(await userRow(b.id)).toEqual(before);
    });

    it('checks profile fields as PATCH /me does', async () => {
      for (const body of [
        { avatar_url: 'javascript:alert(1)' },
        { metadata: '[1,2]' },
        { metadata: 'not json' },
        { display_name: 'x'.repeat(201) },
      ]) {
        const res = await callRest(t, 'PATCH', `users?id=eq.${a.id}`, { token: a.token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
    });

    it('lets an admin change a role, only to a known one', async () => {
      const ok = await callRest(t, 'PATCH', `users?id=eq.${a.id}`, {
        token: admin.token,
        body: { role: 'admin' },
      });
      expect(ok.json()[0].role).toBe('admin');
      const bad = await callRest(t, 'PATCH', `users?id=eq.${b.id}`, {
        token: admin.token,
        body: { role: 'superuser' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('custom_users', () => {
    it('creates one\u2019s profile row with id = user_id = the caller, metadata kept as a string', async () => {
      const res = await callRest(t, 'POST', 'customUsers', {
        token: a.token,
        body: { firstName: 'Alex', troopRole: 'Scout', metadata: { troopNumber: '12' } },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()[0]).toMatchObject({
        id: a.id,
        user_id: a.id,
        first_name: 'Alex',
        troop_role: 'Scout',
        metadata: '{"troopNumber":"12"}',
      });
      const again = await callRest(t, 'POST', 'custom_users', {
        token: a.token,
        body: { firstName: 'Twice' },
      });
      expect(again.statusCode).toBe(409);
    });

    it('updates one\u2019s own row by id, and answers [] for another\u2019s', async () => {
      await callRest(t, 'POST', 'custom_users', { token: a.token, body: {} });
      await callRest(t, 'POST', 'custom_users', { token: b.token, body: {} });
      const own = await callRest(t, 'PATCH', `custom_users?id=eq.${a.id}`, {
        token: a.token,
        body: { metadata: '{"troopRole":"Parent"}' },
      });
      expect(own.json()[0].metadata).toBe('{"troopRole":"Parent"}');
      const other = await callRest(t, 'PATCH', `custom_users?id=eq.${b.id}`, {
        token: a.token,
        body: { metadata: '{}' },
      });
      expect(other.json()).toEqual([]);
      expect(
        (await callRest(t, 'GET', 'custom_users', { token: a.token }))
          .json()
          .map((r: { id: string }) => r.id),
      ).toEqual([a.id]);
    });

    it('refuses to create or move a row to another user', async () => {
      expect(
        (await callRest(t, 'POST', 'custom_users', { token: a.token, body: { userId: b.id } }))
          .statusCode,
      ).toBe(403);
      await callRest(t, 'POST', 'custom_users', { token: a.token, body: {} });
      expect(
        (
          await callRest(t, 'PATCH', `custom_users?id=eq.${a.id}`, {
            token: a.token,
            body: { userId: b.id },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('refuses a column the table does not have, naming it', async () => {
      const res = await callRest(t, 'POST', 'custom_users', {
        token: a.token,
        body: { favouriteKnot: 'bowline' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('"favourite_knot"');
    });
  });
});
