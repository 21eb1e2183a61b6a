/**
 * The server's own tables (accounts, sessions, the audit log, queued mail, ...) are not the
 * Data API's: every one answers 404, as a table that does not exist would, to every caller
 * (admins and service keys included) and for every method, and nothing in them is read or
 * changed. Admins read the audit log on their own screens (members/audit-log.ts). The tables
 * are taken from the migrated database itself, so a table a later migration adds is covered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest, SERVICE_KEY, serviceKeys } from '../../test/rest.ts';
import { TABLES } from '../tables.ts';

describe.each(testStoreKinds)('server-owned tables through the Data API (%s)', (kind) => {
  let t: TestApp;
  let tables: string[];
  const callers: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys } });
    const listed =
      t.deps.store.dialect === 'postgres'
        ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'";
    // The declared tables (events, members' safe columns) are the Data API's own.
    tables = (await t.deps.store.query<{ name: string }>(listed)).rows
      .map((r) => r.name)
      .filter((name) => !TABLES.served.has(name))
      .sort();
    for (const role of ['admin', 'user']) callers[role] = (await addMember(t, role, role)).token;
    callers.service = SERVICE_KEY;
    // Something in the audit log to leak or change.
    await t.deps.store.query(
      'INSERT INTO audit_log (id, at, actor_id, action, target_id, details) VALUES (?, ?, ?, ?, ?, ?)',
      ['a1', new Date(t.clock.now()).toISOString(), 'admin', 'member.approved', 'user', '{}'],
    );
  });
  afterAll(async () => t?.close());

  it('answers 404 to everyone for each of them, reading and writing, and changes nothing', async () => {
    expect(tables).toEqual(expect.arrayContaining(['audit_log', 'refresh_tokens', 'service_keys']));
    const before = await snapshot(t, tables);
    // Every method as an admin, who may most; a list and a write as the others.
    const calls = tables.flatMap((table) =>
      Object.entries(callers).flatMap(([who, token]) =>
        (
          [
            ['GET', table],
            ['GET', `${table}?id=eq.a1`],
            ['POST', table, { id: 'x1' }],
            ['PATCH', `${table}?id=eq.a1`, { id: 'x2' }],
            ['DELETE', `${table}?id=eq.a1`],
          ] as const
        )
          .filter(([method, path]) => who === 'admin' || method === 'POST' || path === table)
          .map(([method, path, body]) => ({ who, token, method, path, body })),
      ),
    );
    const seen: string[] = [];
    // A few at a time: the answers do not depend on one another.
    for (let i = 0; i < calls.length; i += 25) {
      await Promise.all(
        calls.slice(i, i + 25).map(async ({ who, token, method, path, body }) => {
          const res = await callRest(t, method, path, { token, ...(body ? { body } : {}) });
          if (res.statusCode !== 404 || res.json().error?.code !== 'NOT_FOUND')
            seen.push(`${who} ${method} ${path}: ${res.statusCode} ${res.body.slice(0, 60)}`);
        }),
      );
    }
    expect(seen).toEqual([]);
    expect(await snapshot(t, tables)).toEqual(before);
  });
});

/** Each table's row count, and the registry of tables made on the fly. */
async function snapshot(t: TestApp, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = Number(
      (await t.deps.store.query<{ n: number }>(`SELECT COUNT(*) AS n FROM "${table}"`)).rows[0]?.n,
    );
  return counts;
}
