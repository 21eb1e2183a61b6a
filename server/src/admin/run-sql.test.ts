import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { openTestStore, testStoreKinds, type StoreKind } from '../../test/test-app.ts';
import type { Store } from '../store/store.ts';
import { runSqlStatements, sanitise } from './run-sql.ts';

// SQLite in a file runs operator SQL in a child process; in memory, on the server's connection.
const setups = testStoreKinds.flatMap(
  (kind): { name: string; kind: StoreKind; sqliteFile: boolean }[] =>
    kind === 'sqlite'
      ? [
          { name: 'sqlite file', kind, sqliteFile: true },
          { name: 'sqlite in memory', kind, sqliteFile: false },
        ]
      : [{ name: kind, kind, sqliteFile: false }],
);

describe.each(setups)('running operator SQL ($name)', ({ kind, sqliteFile }) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind, { sqliteFile });
    await store.query('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  });
  afterEach(async () => store?.close());

  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  };

  it('binds objects as JSON text', async () => {
    await runSqlStatements(
      store,
      [{ sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [1, { a: [1, 2] }] }],
      'write',
    );
    expect((await store.query('SELECT body FROM notes')).rows).toEqual([{ body: '{"a":[1,2]}' }]);
  });

  it('keeps the server usable for its own SQL after a refused batch', async () => {
    const err = await refusal(
      runSqlStatements(
        store,
        [
          { sql: 'INSERT INTO notes (id, body) VALUES (1, ?)', args: ['a'] },
          { sql: 'INSERT INTO notes (id, body) VALUES (1, ?)', args: ['duplicate id'] },
        ],
        'write',
      ),
    );
    expect(err.status).toBe(400);
    await store.transaction(async (tx) =>
      tx.query('INSERT INTO notes (id, body) VALUES (?, ?)', [5, 'ours']),
    );
    expect((await store.query('SELECT id FROM notes')).rows).toEqual([{ id: 5 }]);
  });

  it('a read batch takes a read-only transaction and still sees committed rows', async () => {
    await store.query("INSERT INTO notes (id, body) VALUES (1, 'kept')");
    const [result] = await runSqlStatements(
      store,
      [{ sql: 'SELECT body FROM notes', args: [] }],
      'read',
    );
    expect(result?.rows).toEqual([{ body: 'kept' }]);
    const err = await refusal(
      runSqlStatements(store, [{ sql: "UPDATE notes SET body = 'gone'", args: [] }], 'read'),
    );
    expect(err.status).toBe(400);
    expect((await store.query('SELECT body FROM notes')).rows).toEqual([{ body: 'kept' }]);
  });

  it('answers blobs as bytes', async () => {
    const sql = kind === 'sqlite' ? "SELECT x'6869' AS b" : "SELECT decode('6869', 'hex') AS b";
    const [result] = await runSqlStatements(store, [{ sql, args: [] }], 'read');
    const b = result?.rows[0]?.b;
    expect(Buffer.isBuffer(b) && b.toString()).toBe('hi');
  });

  it('enforces foreign keys as the server does', async () => {
    await store.query(
      'CREATE TABLE tags (id INTEGER PRIMARY KEY, note_id INTEGER NOT NULL REFERENCES notes (id))',
    );
    const err = await refusal(
      runSqlStatements(
        store,
        [{ sql: 'INSERT INTO tags (id, note_id) VALUES (1, 99)', args: [] }],
        'write',
      ),
    );
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/foreign key/i);
  });

  if (kind === 'postgres' || sqliteFile) {
    it('stops a statement that runs past the time limit and answers 400', async () => {
      const err = await refusal(
        runSqlStatements(
          store,
          [
            {
              sql: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) AS n FROM c',
              args: [],
            },
          ],
          'read',
          { statementTimeoutMs: 500 },
        ),
      );
      expect(err.status).toBe(400);
      expect(err.message).toBe('Statement exceeded the time limit of 0.5 s');
    });
  }

  if (kind === 'postgres') {
    it('accepts $n placeholders as written', async () => {
      const [result] = await runSqlStatements(
        store,
        [{ sql: 'SELECT $1::int + $2::int AS sum', args: [2, 3] }],
        'read',
      );
      expect(result?.rows).toEqual([{ sum: 5 }]);
    });
  }
});

describe('sanitise', () => {
  it('keeps one line without control characters, bounded', () => {
    expect(sanitise('relation "x" does not exist\nLINE 1: SELECT * FROM x')).toBe(
      'relation "x" does not exist',
    );
    expect(sanitise('bad\u0007value')).toBe('bad value');
    expect(sanitise('x'.repeat(2000)).length).toBeLessThan(520);
    expect(sanitise('')).toBe('The database refused the statement');
  });
});
