/**
 * The test stores: a SQLite store made from the migrated template (test-app.ts) is the store the
 * migrations make, schema and rows alike.
 */
import { describe, expect, it } from 'vitest';
import { openTestStore } from './test-app.ts';
import { quoteIdent, type Store } from '../src/store/store.ts';

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Everything SQLite keeps about the schema, in the order it was made, and every table's rows. */
async function contents(store: Store) {
  // Triggers are made last in a copy (test-app.ts): in their own order, after the rest.
  const { rows: schema } = await store.query<{ type: string; name: string; sql: string | null }>(
    "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type = 'trigger', rowid",
  );
  const rows: Record<string, unknown[]> = {};
  for (const { name } of schema.filter((o) => o.type === 'table'))
    rows[name] = (
      await store.query<Record<string, unknown>>(`SELECT * FROM ${quoteIdent(name)} ORDER BY rowid`)
    ).rows.map((row) =>
      // When the migrations ran is the one thing a copy does not repeat: its rows keep the
      // instants of the process's first migrated store.
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && INSTANT.test(v) ? '' : v]),
      ),
    );
  return { schema, rows };
}

describe('openTestStore on SQLite', () => {
  it('makes the store the migrations make, each time anew', async () => {
    const migrated = await openTestStore('sqlite', { upTo: Number.MAX_SAFE_INTEGER });
    const copied = await openTestStore('sqlite');
    const again = await openTestStore('sqlite');
    try {
      const expected = await contents(migrated);
      expect(expected.rows.troops).toHaveLength(1);
      for (const store of [copied, again]) expect(await contents(store)).toEqual(expected);
      // Two copies share nothing.
      await copied.query('DELETE FROM troops');
      expect((await again.query('SELECT id FROM troops')).rows).toHaveLength(1);
    } finally {
      for (const store of [migrated, copied, again]) await store.close();
    }
  });
});
