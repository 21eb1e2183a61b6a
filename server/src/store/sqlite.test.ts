import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './store.ts';

describe('SQLite rows', () => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('carry the selected columns, in order, as plain objects', async () => {
    store = openSqliteStore(':memory:');
    await store.query('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER, note TEXT)');
    await store.query("INSERT INTO t VALUES ('a', 1, NULL), ('b', 2, 'x')");
    for (let i = 0; i < 2; i++) {
      const res = await store.query('SELECT id, n AS "count", note FROM t ORDER BY id');
      expect(res.rows).toEqual([
        { id: 'a', count: 1, note: null },
        { id: 'b', count: 2, note: 'x' },
      ]);
      expect(Object.keys(res.rows[0] ?? {})).toEqual(['id', 'count', 'note']);
      expect(Object.getPrototypeOf(res.rows[0])).toBe(Object.prototype);
      expect(res.columns).toEqual(['id', 'count', 'note']);
    }
  });

  it('keep the last value of a repeated name, and odd names as written', async () => {
    store = openSqliteStore(':memory:');
    const { rows } = await store.query(`SELECT 1 AS a, 2 AS a, 3 AS "we""ird", 4 AS "x-y"`);
    expect(rows).toEqual([{ a: 2, 'we"ird': 3, 'x-y': 4 }]);
  });
});
