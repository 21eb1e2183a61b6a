/**
 * The Data API keeps troops apart (docs/decisions/065-troops.md): through one troop's path, no
 * row of another is read or written, even by id, by a member of both; inserts land in the path's
 * troop; and `troop_id` is the server's, never a client's column.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import {
  addTroop,
  addTroopMember,
  callRest,
  type CallOptions,
  type TestMember,
} from '../../test/rest.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { deleteRows } from './delete-rows.ts';
import { parseQuery } from './parse-query.ts';

const B = 'troop-b';
const B_PROJECT = 'troop-b-project';
const EVENT = { event_date: '2031-03-02', event_time: '19:00' };

describe.each(testStoreKinds)('troops through the Data API (%s)', (kind) => {
  let t: TestApp;
  /** A member of the first troop (A) only, of B only, of both; and each troop's admin. */
  let onlyA: TestMember;
  let onlyB: TestMember;
  let both: TestMember;
  let adminA: TestMember;
  let adminB: TestMember;

  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    await addTroop(t, B, B_PROJECT);
    onlyA = await addTroopMember(t, 'only-a', { [FIRST_TROOP_ID]: 'user' });
    onlyB = await addTroopMember(t, 'only-b', { [B]: 'user' });
    both = await addTroopMember(t, 'both', { [FIRST_TROOP_ID]: 'user', [B]: 'user' });
    adminA = await addTroopMember(t, 'admin-a', { [FIRST_TROOP_ID]: 'admin' });
    adminB = await addTroopMember(t, 'admin-b', { [B]: 'admin' });
    const now = new Date(t.clock.now()).toISOString();
    for (const [id, owner, troop] of [
      ['ev-a1', 'only-a', FIRST_TROOP_ID],
      ['ev-a2', 'both', FIRST_TROOP_ID],
      ['ev-b1', 'only-b', B],
      ['ev-b2', 'both', B],
    ]) {
      await t.deps.store.query(
        'INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at, troop_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [id, owner, 'Campout', EVENT.event_date, EVENT.event_time, now, now, troop],
      );
    }
    for (const id of ['only-a', 'only-b', 'both'])
      await t.deps.store.query(
        'INSERT INTO custom_users (id, user_id, first_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        [id, id, 'First', now, now],
      );
  });
  afterEach(async () => t?.close());

  const inA = (member: TestMember, extra: CallOptions = {}): CallOptions => ({
    token: member.token,
    ...extra,
  });
  const inB = (member: TestMember, extra: CallOptions = {}): CallOptions => ({
    token: member.token,
    projectId: B_PROJECT,
    ...extra,
  });
  const ids = (res: { json(): unknown }) =>
    (res.json() as Array<{ id: string }>).map((r) => r.id).sort();
  const stored = async (id: string) =>
    (
      await t.deps.store.query<{ event_name: string; troop_id: string }>(
        'SELECT event_name, troop_id FROM calendar_events WHERE id = ?',
        [id],
      )
    ).rows[0];

  it('lists and counts only the path’s troop’s rows, for a member of one troop or of both', async () => {
    const list = (opts: CallOptions) =>
      callRest(t, 'GET', 'calendar_events?select=id', { ...opts, prefer: 'count=exact' });
    for (const [opts, expected] of [
      [inA(onlyA), ['ev-a1', 'ev-a2']],
      [inA(both), ['ev-a1', 'ev-a2']],
      [inA(adminA), ['ev-a1', 'ev-a2']],
      [inB(onlyB), ['ev-b1', 'ev-b2']],
      [inB(both), ['ev-b1', 'ev-b2']],
      [inB(adminB), ['ev-b1', 'ev-b2']],
    ] as const) {
      const res = await list(opts);
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(res)).toEqual(expected);
      expect(res.headers['content-range']).toBe('0-1/2');
    }
    // A member of one troop calling the other's path is told it does not exist.
    const stranger = await list(inB(onlyA));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('finds no row of another troop by its id, in any filter', async () => {
    for (const query of [
      'id=eq.ev-b2',
      'id=in.(ev-a1,ev-b1,ev-b2)',
      'or=(id.eq.ev-b1,id.eq.ev-a2)',
    ]) {
      const res = await callRest(t, 'GET', `calendar_events?select=id&${query}`, inA(both));
      expect(res.statusCode, res.body).toBe(200);
      expect(
        ids(res).every((id) => id.startsWith('ev-a')),
        query,
      ).toBe(true);
    }
    const one = await callRest(t, 'GET', 'calendar_events?id=eq.ev-b1', inA(adminA));
    expect(one.json()).toEqual([]);
  });

  it('puts an insert in the path’s troop, and shows it only there', async () => {
    const res = await callRest(t, 'POST', 'calendar_events', {
      ...inB(both),
      body: { id: 'ev-new', event_name: 'Hike', ...EVENT },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()[0]).not.toHaveProperty('troop_id');
    expect(await stored('ev-new')).toEqual({ event_name: 'Hike', troop_id: B });
    const inTroopA = await callRest(t, 'GET', 'calendar_events?id=eq.ev-new', inA(both));
    expect(inTroopA.json()).toEqual([]);
  });

  it('refuses troop_id in a body, a filter, an order or a select (400), changing nothing', async () => {
    const body = { id: 'ev-x', event_name: 'Hike', troop_id: FIRST_TROOP_ID, ...EVENT };
    const calls = [
      callRest(t, 'POST', 'calendar_events', { ...inB(both), body }),
      callRest(t, 'PATCH', 'calendar_events?id=eq.ev-b2', {
        ...inB(both),
        body: { troop_id: FIRST_TROOP_ID },
      }),
      callRest(t, 'GET', `calendar_events?troop_id=eq.${B}`, inA(both)),
      callRest(t, 'GET', 'calendar_events?order=troop_id', inA(both)),
      callRest(t, 'GET', 'calendar_events?select=id,troop_id', inA(both)),
      callRest(t, 'DELETE', `calendar_events?troop_id=eq.${B}`, inA(adminA)),
      callRest(t, 'POST', 'gear', { ...inA(both), body: { name: 'tent', troop_id: B } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(await stored('ev-x')).toBeUndefined();
    expect(await stored('ev-b2')).toEqual({ event_name: 'Campout', troop_id: B });
  });

  it('updates and deletes nothing of another troop, even by its id, even for an admin', async () => {
    const patch = await callRest(t, 'PATCH', 'calendar_events?id=eq.ev-b2', {
      ...inA(both),
      body: { event_name: 'Taken over' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json()).toEqual([]);
    // An admin's change of every row with a name changes only their troop's.
    const wide = await callRest(t, 'PATCH', 'calendar_events?event_name=eq.Campout', {
      ...inA(adminA),
      body: { event_name: 'Moved' },
    });
    expect(ids(wide)).toEqual(['ev-a1', 'ev-a2']);
    const gone = await callRest(t, 'DELETE', 'calendar_events?event_name=eq.Campout', inA(adminA));
    expect(gone.json()).toEqual([]);
    const del = await callRest(t, 'DELETE', 'calendar_events?id=in.(ev-b1,ev-b2)', inA(both));
    expect(del.json()).toEqual([]);
    expect(await stored('ev-b1')).toEqual({ event_name: 'Campout', troop_id: B });
    expect(await stored('ev-b2')).toEqual({ event_name: 'Campout', troop_id: B });
    // Their own rows of the path's troop they do change and delete.
    const own = await callRest(t, 'DELETE', 'calendar_events?id=eq.ev-b2', inB(both));
    expect(ids(own)).toEqual(['ev-b2']);
  });

  it('never merges an upsert into another troop’s row with the same key', async () => {
    for (const prefer of ['resolution=merge-duplicates', 'resolution=ignore-duplicates']) {
      const res = await callRest(t, 'POST', 'calendar_events?on_conflict=id', {
        ...inA(both),
        prefer: `return=representation,${prefer}`,
        body: { id: 'ev-b2', event_name: 'Taken over', ...EVENT },
      });
      expect(res.statusCode, res.body).toBe(409);
    }
    expect(await stored('ev-b2')).toEqual({ event_name: 'Campout', troop_id: B });
    // In its own troop the same upsert merges.
    const own = await callRest(t, 'POST', 'calendar_events?on_conflict=id', {
      ...inB(both),
      prefer: 'return=representation,resolution=merge-duplicates',
      body: { id: 'ev-b2', event_name: 'Renamed', ...EVENT },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(await stored('ev-b2')).toEqual({ event_name: 'Renamed', troop_id: B });
  });

  it('reads and changes only the accounts and profiles of the path’s troop’s members', async () => {
    const users = await callRest(t, 'GET', 'users?select=id', inA(adminA));
    expect(ids(users)).toEqual(['admin-a', 'both', 'only-a']);
    const usersB = await callRest(t, 'GET', 'users?select=id', inB(adminB));
    expect(ids(usersB)).toEqual(['admin-b', 'both', 'only-b']);
    const profiles = await callRest(t, 'GET', 'custom_users?select=id', inA(adminA));
    expect(ids(profiles)).toEqual(['both', 'only-a']);
    // Another troop's member, by id: nothing to read, change or delete.
    expect((await callRest(t, 'GET', 'users?id=eq.only-b', inA(adminA))).json()).toEqual([]);
    const renamed = await callRest(t, 'PATCH', 'users?id=eq.only-b', {
      ...inA(adminA),
      body: { display_name: 'Taken over' },
    });
    expect(renamed.json()).toEqual([]);
    const removed = await callRest(t, 'DELETE', 'custom_users?user_id=eq.only-b', inA(adminA));
    expect(removed.json()).toEqual([]);
    const { rows } = await t.deps.store.query<{ n: number }>(
      "SELECT COUNT(*) AS n FROM custom_users WHERE user_id = 'only-b'",
    );
    expect(Number(rows[0]?.n)).toBe(1);
    const name = await t.deps.store.query<{ display_name: string }>(
      "SELECT display_name FROM users WHERE id = 'only-b'",
    );
    expect(name.rows[0]?.display_name).toBe('Member only-b');
  });

  it('names only the path’s troop’s rows among those that go with a deleted account', async () => {
    // A former member of B: their event there stays until their account goes.
    await t.deps.store.query("UPDATE calendar_events SET user_id = 'only-a' WHERE id = 'ev-b1'");
    const ctx = {
      store: t.deps.store,
      clock: t.clock,
      tables: t.deps.tables,
      roles: t.deps.config.roles,
    };
    const { changes } = await deleteRows(
      ctx,
      { kind: 'service', keyId: 'k1' },
      FIRST_TROOP_ID,
      'users',
      parseQuery('id=eq.only-a'),
    );
    expect(changes).toEqual([
      { table: 'users', kind: 'deleted', ids: ['only-a'], owners: { 'only-a': 'only-a' } },
      { table: 'calendar_events', kind: 'deleted', ids: ['ev-a1'] },
    ]);
    expect(await stored('ev-b1')).toBeUndefined();
  });

  it('keeps the rows of a table made on the fly to the troop they were written in', async () => {
    const made = await callRest(t, 'POST', 'gear', {
      ...inA(both),
      body: { id: 'g1', name: 'tent' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await callRest(t, 'GET', 'gear', inB(both))).json()).toEqual([]);
    expect((await callRest(t, 'GET', 'gear?id=eq.g1', inB(adminB))).json()).toEqual([]);
    const inTroopB = await callRest(t, 'POST', 'gear', {
      ...inB(both),
      body: { id: 'g2', name: 'stove' },
    });
    expect(inTroopB.statusCode, inTroopB.body).toBe(201);
    const patch = await callRest(t, 'PATCH', 'gear?id=eq.g1', {
      ...inB(both),
      body: { name: 'x' },
    });
    expect(patch.json()).toEqual([]);
    expect(ids(await callRest(t, 'GET', 'gear', inA(both)))).toEqual(['g1']);
    const { rows } = await t.deps.store.query('SELECT id, troop_id, name FROM gear ORDER BY id');
    expect(rows).toEqual([
      { id: 'g1', troop_id: FIRST_TROOP_ID, name: 'tent' },
      { id: 'g2', troop_id: B, name: 'stove' },
    ]);
  });
});
