/** Tables created on first write: types, limits, reserved names, several server processes. */
import { beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { completeDeps } from '../wiring.ts';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { DYNAMIC_LIMITS } from './tables.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

describe.each(testStoreKinds)('tables created on the fly (%s)', (kind) => {
  // One app for the suite, each test on an emptied store: the registry is empty again, while
  // the tables an earlier test made stay in the database, outside the registry. So the table
  // tests share by name has a name of each test's own.
  const t = sharedTestApp({ store: kind, empty: true });
  let a: TestMember;
  let b: TestMember;
  let gear: string;
  let tests = 0;

  beforeEach(async () => {
    gear = `gear_${++tests}`;
    a = await addMember(t, 'member-a');
    b = await addMember(t, 'member-b');
  });

  const registered = async (table: string) =>
    (
      await t.deps.store.query<{ name: string; type: string }>(
        'SELECT name, type FROM data_table_columns WHERE table_name = ? ORDER BY position',
        [table],
      )
    ).rows;

  it('types new columns from the first values seen and records them in the registry', async () => {
    const res = await callRest(t, 'POST', gear, {
      token: a.token,
      body: [
        { name: 'tent', weight: null },
        { name: 'stove', weight: 1.5, spare: false, specs: { fuel: 'gas' } },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()[1]).toMatchObject({
      name: 'stove',
      weight: 1.5,
      spare: false,
      specs: '{"fuel":"gas"}',
      owner_id: a.id,
    });
    expect(await registered(gear)).toEqual([
      // The troop's column: the server's, never served (its type is no column type).
      { name: 'troop_id', type: 'troop' },
      { name: 'id', type: 'text' },
      { name: 'owner_id', type: 'text' },
      { name: 'created_at', type: 'text' },
      { name: 'updated_at', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'weight', type: 'number' },
      { name: 'spare', type: 'boolean' },
      { name: 'specs', type: 'json' },
    ]);
  });

  it('refuses a value that does not fit a column\u2019s type, adding nothing', async () => {
    await callRest(t, 'POST', gear, { token: a.token, body: { name: 'tent', weight: 2 } });
    const res = await callRest(t, 'POST', gear, {
      token: a.token,
      body: { name: 'rope', weight: 'heavy', colour: 'red' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('"weight"');
    expect((await registered(gear)).map((c) => c.name)).not.toContain('colour');
  });

  it('keeps each row to its owner and refuses writing as someone else', async () => {
    await callRest(t, 'POST', gear, { token: a.token, body: { id: 'g1', name: 'tent' } });
    expect((await callRest(t, 'GET', gear, { token: b.token })).json()).toEqual([]);
    expect(
      (await callRest(t, 'POST', gear, { token: b.token, body: { name: 'x', ownerId: a.id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await callRest(t, 'PATCH', `${gear}?id=eq.g1`, {
          token: b.token,
          body: { name: 'mine now' },
        })
      ).json(),
    ).toEqual([]);
    expect(
      (await callRest(t, 'PATCH', `${gear}?id=eq.g1`, { token: a.token, body: { ownerId: b.id } }))
        .statusCode,
    ).toBe(403);
    expect((await callRest(t, 'GET', gear, { token: a.token })).json()).toMatchObject([
      { id: 'g1', name: 'tent', owner_id: a.id },
    ]);
  });

  it.each([
    'refresh_tokens',
    'schema_migrations',
    'service_keys',
    'data_tables',
    'data_table_columns',
    'sqlite_master',
    'pg_class',
    'calendar_feeds',
    'files',
    'analytics_events',
    'analytics_sessions',
    'analytics_hourly',
  ])('answers the reserved name %s with 404 and creates nothing', async (table) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await callRest(t, method, table, {
        token: a.token,
        ...(method === 'POST' ? { body: { x: 1 } } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await registered(table)).toEqual([]);
  });

  it('gives a table made before troops its troop column when first read: its rows are the first troop’s', async () => {
    // As a server before troops made it: no troop_id, none in the registry.
    const db = t.deps.store;
    const now = new Date(t.clock.now()).toISOString();
    await db.query(
      'CREATE TABLE old_gear (id TEXT PRIMARY KEY, owner_id TEXT, created_at TEXT, updated_at TEXT, name TEXT)',
    );
    await db.query('INSERT INTO data_tables (name, created_by, created_at) VALUES (?, ?, ?)', [
      'old_gear',
      a.id,
      now,
    ]);
    for (const [i, c] of ['id', 'owner_id', 'created_at', 'updated_at', 'name'].entries())
      await db.query(
        'INSERT INTO data_table_columns (table_name, name, type, position, added_at) VALUES (?, ?, ?, ?, ?)',
        ['old_gear', c, 'text', i, now],
      );
    await db.query(
      "INSERT INTO old_gear (id, owner_id, created_at, updated_at, name) VALUES ('g1', ?, ?, ?, 'tent')",
      [a.id, now, now],
    );
    const res = await callRest(t, 'GET', 'old_gear?select=id,name', { token: a.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([{ id: 'g1', name: 'tent' }]);
    expect((await registered('old_gear'))[0]).toEqual({ name: 'troop_id', type: 'troop' });
    expect((await db.query('SELECT id, troop_id FROM old_gear')).rows).toEqual([
      { id: 'g1', troop_id: FIRST_TROOP_ID },
    ]);
    const added = await callRest(t, 'POST', 'old_gear', {
      token: a.token,
      body: { name: 'stove' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()[0]).not.toHaveProperty('troop_id');
  });

  it('does not serve or take over a table made outside the registry', async () => {
    await t.deps.store.query('CREATE TABLE operator_notes (id TEXT PRIMARY KEY, secret TEXT)');
    await t.deps.store.query("INSERT INTO operator_notes (id, secret) VALUES ('n1', 'hidden')");
    const res = await callRest(t, 'POST', 'operator_notes', {
      token: a.token,
      body: { secret: 'x' },
    });
    expect(res.statusCode).toBe(404);
    expect((await callRest(t, 'GET', 'operator_notes', { token: a.token })).statusCode).toBe(404);
  });

  it('refuses invalid table and column names with 400', async () => {
    for (const table of ['1gear', 'gear-list', '_gear', 'a'.repeat(64)]) {
      expect((await callRest(t, 'GET', table, { token: a.token })).statusCode, table).toBe(400);
    }
    expect(
      (
        await callRest(t, 'POST', 'a'.repeat(DYNAMIC_LIMITS.maxNameLength + 1), {
          token: a.token,
          body: { x: 1 },
        })
      ).statusCode,
    ).toBe(400);
    for (const column of ['select', 'order', 'xmin', 'ctid', 'rowid', 'and', 'troop_id']) {
      const res = await callRest(t, 'POST', gear, { token: a.token, body: { [column]: 1 } });
      expect(res.statusCode, column).toBe(400);
      expect(res.json().error.message).toContain('reserved');
    }
  });

  it(`lets one member create at most ${DYNAMIC_LIMITS.maxTablesPerMember} tables, and leaves the rest to the others`, async () => {
    for (let i = 0; i < DYNAMIC_LIMITS.maxTablesPerMember; i++) {
      expect(
        (await callRest(t, 'POST', `mine_${i}`, { token: a.token, body: { n: i } })).statusCode,
      ).toBe(201);
    }
    const refused = await callRest(t, 'POST', 'one_more', { token: a.token, body: { n: 1 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain(
      `one member may (${DYNAMIC_LIMITS.maxTablesPerMember})`,
    );
    // Another member is not locked out, and the first one's tables keep working.
    const other = await addMember(t, 'quota-other');
    expect(
      (await callRest(t, 'POST', 'theirs', { token: other.token, body: { n: 1 } })).statusCode,
    ).toBe(201);
    expect(
      (await callRest(t, 'POST', 'mine_0', { token: a.token, body: { n: 2 } })).statusCode,
    ).toBe(201);
  });

  it(`creates at most ${DYNAMIC_LIMITS.maxTables} tables in all`, async () => {
    const perMember = DYNAMIC_LIMITS.maxTablesPerMember;
    for (let m = 0; m < DYNAMIC_LIMITS.maxTables / perMember; m++) {
      const member = await addMember(t, `builder-${m}`);
      for (let i = 0; i < perMember; i++) {
        const res = await callRest(t, 'POST', `list_${m}_${i}`, {
          token: member.token,
          body: { n: i },
        });
        expect(res.statusCode).toBe(201);
      }
    }
    const late = await addMember(t, 'late-member');
    const res = await callRest(t, 'POST', 'one_too_many', { token: late.token, body: { n: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(`at most ${DYNAMIC_LIMITS.maxTables}`);
    // Tables that exist keep working.
    expect(
      (await callRest(t, 'POST', 'list_0_0', { token: a.token, body: { n: 2 } })).statusCode,
    ).toBe(201);
  });

  it(`gives a table at most ${DYNAMIC_LIMITS.maxColumns} columns`, async () => {
    const wide = Object.fromEntries(
      Array.from({ length: DYNAMIC_LIMITS.maxColumns - 4 }, (_, i) => [`c${i}`, i]),
    );
    expect((await callRest(t, 'POST', 'wide', { token: a.token, body: wide })).statusCode).toBe(
      201,
    );
    const res = await callRest(t, 'POST', 'wide', { token: a.token, body: { one_more: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(`${DYNAMIC_LIMITS.maxColumns} columns`);
  });

  it('sees tables and columns another server process added, re-reading the registry before refusing', async () => {
    await callRest(t, 'POST', gear, { token: a.token, body: { name: 'tent' } });
    // A second process over the same database, with its own cache.
    const { config, store, jwtSecret, clock, logger, files } = t.deps;
    const other = await buildApp(completeDeps({ config, store, jwtSecret, clock, logger, files }));
    await other.ready();
    try {
      const viaOther = (method: 'GET' | 'POST', path: string, body?: unknown) =>
        other.inject({
          method,
          url: `/api/db/${t.deps.config.projectId}/rest/v1/${path}`,
          headers: {
            authorization: `Bearer ${a.token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
      expect((await viaOther('GET', `${gear}?select=name`)).json()).toEqual([{ name: 'tent' }]);
      await callRest(t, 'POST', gear, { token: a.token, body: { name: 'stove', fuel: 'gas' } });
      const res = await viaOther('GET', `${gear}?fuel=eq.gas&select=name,fuel`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([{ name: 'stove', fuel: 'gas' }]);
      // Both processes adding the same new column: one adds it, the other finds it there.
      const [x, y] = await Promise.all([
        viaOther('POST', gear, { name: 'lamp', lumens: 300 }),
        callRest(t, 'POST', gear, { token: a.token, body: { name: 'torch', lumens: 90 } }),
      ]);
      expect([x.statusCode, y.statusCode]).toEqual([201, 201]);
      expect((await registered(gear)).filter((c) => c.name === 'lumens')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
