/**
 * What leaving the troop takes with it: a refused account goes with everything kept for it, a
 * removed member's troop events stay, and a suspended member's calendar feed URL serves nothing
 * until they are reinstated.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { nextAddress, PASSWORD } from '../../test/auth.ts';
import { memberAction } from '../../test/members.ts';
import { bearer as leaderToken } from '../../test/storage.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

const email = () => `family.${Date.now().toString(36)}@troop12.org`;

describe.each(embeddedStore)('what leaving takes with it (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const pid = () => t.deps.config.projectId;
  const act = (token: string, userId: string, action: string) =>
    memberAction(t, token, userId, action);
  /** Everything kept for an account, by table: profile, sessions, identities, links, feed. */
  const KEPT = [
    'custom_users',
    'refresh_tokens',
    'user_identities',
    'auth_links',
    'calendar_feeds',
  ] as const;
  const counts = async (userId: string) => {
    const out: Record<string, number> = {};
    for (const table of [...KEPT, 'users'])
      out[table] = Number(
        (
          await t.deps.store.query<{ n: number | string }>(
            `SELECT COUNT(*) AS n FROM ${table} WHERE ${table === 'users' ? 'id' : 'user_id'} = ?`,
            [userId],
          )
        ).rows[0]?.n,
      );
    return out;
  };

  it('refusing an account deletes it with its profile, sessions, identities, links and feed', async () => {
    t = await buildTestApp({ store: kind, config: { signupMode: 'approval' } });
    const leader = await leaderToken(t, 'lee', 'leader');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: { email: email(), password: PASSWORD, projectId: pid(), displayName: 'Sam' },
    });
    const waiting = res.json<SessionResponse>();
    const id = waiting.user.id;
    const at = new Date(t.clock.now()).toISOString();
    const db = t.deps.store;
    await db.query(
      'INSERT INTO custom_users (id, user_id, first_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      [id, id, 'Sam', at, at],
    );
    await db.query(
      'INSERT INTO user_identities (id, user_id, provider, subject, email, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ['ident-1', id, 'google', 'g-123', waiting.user.email, at],
    );
    await db.query(
      'INSERT INTO auth_links (id, user_id, purpose, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      ['link-1', id, 'verify', 'hash-1', at, at],
    );
    await db.query(
      'INSERT INTO calendar_feeds (user_id, token_hash, token_encrypted, created_at) VALUES (?, ?, ?, ?)',
      [id, 'feed-hash', 'sealed', at],
    );
    const before = await counts(id);
    for (const table of [...KEPT, 'users']) expect(before[table], table).toBeGreaterThan(0);

    expect((await act(leader, id, 'refuse')).statusCode).toBe(200);
    expect(await counts(id)).toEqual(
      Object.fromEntries([...KEPT, 'users'].map((table) => [table, 0])),
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: nextAddress(),
      payload: { refresh_token: waiting.refresh_token },
    });
    expect(again.statusCode).toBe(401);
  });

  it('a feed URL made while active serves nothing while suspended, and again once reinstated', async () => {
    t = await buildTestApp({ store: kind });
    const leader = await leaderToken(t, 'lee', 'leader');
    const member = await leaderToken(t, 'mo', 'user');
    const urls = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/${pid()}/feed-url`,
      headers: { authorization: member },
    });
    const feed = new URL(urls.json().httpsUrl).pathname;
    const fetchFeed = () => t.app.inject({ method: 'GET', url: feed });
    expect((await fetchFeed()).statusCode).toBe(200);

    expect((await act(leader, 'mo', 'suspend')).statusCode).toBe(200);
    const refused = await fetchFeed();
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('BEGIN:VCALENDAR');
    expect((await act(leader, 'mo', 'reinstate')).statusCode).toBe(200);
    expect((await fetchFeed()).statusCode).toBe(200);
  });

  it('removing a member keeps the troop events they made, now the remover’s', async () => {
    t = await buildTestApp({ store: kind });
    const leader = await leaderToken(t, 'lee', 'leader');
    const member = await leaderToken(t, 'mo', 'user');
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/db/${pid()}/rest/v1/calendar_events`,
      headers: { authorization: member, prefer: 'return=representation' },
      payload: {
        id: 'bake-sale',
        eventName: 'Bake sale',
        eventDate: '2031-01-10',
        eventTime: '10:00',
        creatorName: 'Mo',
      },
    });
    expect(made.statusCode).toBe(201);
    expect((await act(leader, 'mo', 'remove')).statusCode).toBe(200);
    const events = await t.app.inject({
      method: 'GET',
      url: `/api/db/${pid()}/rest/v1/calendar_events?select=id,user_id,event_name,creator_name`,
      headers: { authorization: leader },
    });
    expect(events.json()).toEqual([
      { id: 'bake-sale', user_id: 'lee', event_name: 'Bake sale', creator_name: 'Mo' },
    ]);
    expect((await counts('mo')).users).toBe(0);
  });
});
