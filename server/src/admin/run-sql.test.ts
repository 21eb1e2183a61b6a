import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { openTestStore, testStoreKinds } from '../test-app.ts';
import type { Store } from '../store/store.ts';
import { runSqlStatements, sanitise } from './run-sql.ts';

describe.each(testStoreKinds)('running operator SQL (%s)', (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
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

  if (kind === 'postgres') {
    it('cancels a statement that runs past the time limit and answers 400', async () => {
      const err = await refusal(
        runSqlStatements(store, [{ sql: 'SELECT pg_sleep(5)', args: [] }], 'read', {
          statementTimeoutMs: 100,
        }),
      );
      expect(err.status).toBe(400);
      expect(err.message).toMatch(/statement timeout/);
    });

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
