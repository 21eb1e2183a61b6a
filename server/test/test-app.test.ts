/**
 * The test stores: a SQLite store made from the migrated template (test-app.ts) is the store the
 * migrations make, schema and rows alike; a PostgreSQL store in a schema another store left
 * (test-app-postgres.ts) is too, and a schema a test changed serves no other store.
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

/** The schema a PostgreSQL store's connections work in. */
async function schemaOf(store: Store): Promise<string> {
  const { rows } = await store.query<{ name: string }>('SELECT current_schema() AS name');
  return rows[0]!.name;
}

/** Each table's rows, but the migrations' record (its instants differ from store to store). */
async function tableRows(store: Store): Promise<Record<string, unknown[]>> {
  const { rows: tables } = await store.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY 1",
  );
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables)
    out[name] = (await store.query(`SELECT * FROM ${quoteIdent(name)}`)).rows.map((row) =>
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).map(([k, v]) => [
          k,
          typeof v === 'string' && INSTANT.test(v) ? '' : v,
        ]),
      ),
    );
  return out;
}

/** Every column of the schema's tables, as information_schema tells it. */
async function columns(store: Store): Promise<unknown[]> {
  const { rows } = await store.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = current_schema() ORDER BY 1, 2`,
  );
  return rows;
}

async function schemaExists(store: Store, name: string): Promise<boolean> {
  const { rows } = await store.query('SELECT 1 FROM pg_namespace WHERE nspname = ?', [name]);
  return rows.length > 0;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('openTestStore on PostgreSQL', () => {
  it("gives the next store a closed one's schema, emptied: what the migrations make", async () => {
    const migrated = await openTestStore('postgres', { upTo: Number.MAX_SAFE_INTEGER });
    try {
      const used = await openTestStore('postgres');
      const schema = await schemaOf(used);
      const now = new Date().toISOString();
      await used.query(
        "INSERT INTO users (id, email, display_name, role, created_at, updated_at) VALUES ('u1', 'u1@example.org', 'U', 'user', ?, ?)",
        [now, now],
      );
      await used.query("INSERT INTO troops (id, kind, created_at) VALUES ('troop-x', 'troop', ?)", [
        now,
      ]);
      await used.close();
      const next = await openTestStore('postgres');
      try {
        expect(await schemaOf(next)).toBe(schema);
        expect(await tableRows(next)).toEqual(await tableRows(migrated));
        expect(await columns(next)).toEqual(await columns(migrated));
      } finally {
        await next.close();
      }
    } finally {
      await migrated.close();
    }
  });

  it('drops the tables and views a test made, and gives the schema to the next store', async () => {
    const migrated = await openTestStore('postgres', { upTo: Number.MAX_SAFE_INTEGER });
    try {
      const used = await openTestStore('postgres');
      const schema = await schemaOf(used);
      await used.query('CREATE TABLE made_by_a_test (id TEXT PRIMARY KEY REFERENCES users (id))');
      await used.query('INSERT INTO made_by_a_test (id) SELECT id FROM users');
      await used.query('CREATE VIEW seen_by_a_test AS SELECT id FROM made_by_a_test');
      await used.close();
      const next = await openTestStore('postgres');
      try {
        expect(await schemaOf(next)).toBe(schema);
        expect(await columns(next)).toEqual(await columns(migrated));
        expect(await tableRows(next)).toEqual(await tableRows(migrated));
      } finally {
        await next.close();
      }
    } finally {
      await migrated.close();
    }
  });

  it.each([
    [
      'a table of its own and a column',
      'CREATE TABLE made_by_a_test (id TEXT); ALTER TABLE users ADD COLUMN made_by_a_test TEXT',
    ],
    ['a column', 'ALTER TABLE users ADD COLUMN made_by_a_test TEXT'],
    ['an index', 'CREATE INDEX made_by_a_test ON users (display_name)'],
    ['the first troop', "UPDATE troops SET name = 'Renamed' WHERE id = 'troop-1'"],
    ["the migrations' record", 'DELETE FROM schema_migrations WHERE version = 1'],
  ])(
    'drops a schema where a test changed %s, instead of giving it to another store',
    async (_, sql) => {
      const used = await openTestStore('postgres');
      const schema = await schemaOf(used);
      for (const statement of sql.split('; ')) await used.query(statement);
      await used.close();
      const next = await openTestStore('postgres');
      try {
        expect(await schemaOf(next)).not.toBe(schema);
        expect(await schemaExists(next, schema)).toBe(false);
      } finally {
        await next.close();
      }
    },
  );
});
