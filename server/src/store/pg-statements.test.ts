import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { MAX_NAMED, PgStatements, toPgPlaceholders } from './pg-statements.ts';
import type { Store } from './store.ts';

describe('statements sent to PostgreSQL', () => {
  it('number placeholders and name a text from its second use', () => {
    const s = new PgStatements();
    const sql = 'SELECT id FROM t WHERE a = ? AND b = ?';
    const first = s.statement(sql);
    expect(first.text).toBe('SELECT id FROM t WHERE a = $1 AND b = $2');
    expect(first.name).toBeUndefined();
    const second = s.statement(sql);
    expect(second.name).toMatch(/^scout_/);
    expect(s.statement(sql).name).toBe(second.name);
    expect(toPgPlaceholders('? ?')).toBe('$1 $2');
  });

  it('name at most MAX_NAMED texts; others keep running unnamed', () => {
    const s = new PgStatements();
    const names = new Set<string>();
    for (let i = 0; i < MAX_NAMED + 10; i++) {
      const sql = `SELECT ${i}`;
      s.statement(sql);
      const { name } = s.statement(sql);
      if (name) names.add(name);
    }
    expect(names.size).toBe(MAX_NAMED);
    expect(s.statement(`SELECT ${MAX_NAMED + 5}`).name).toBeUndefined();
  });

  it('give a text a new name once its prepared form went stale', () => {
    const s = new PgStatements();
    s.statement('SELECT 1');
    const before = s.statement('SELECT 1').name;
    s.rename('SELECT 1');
    const after = s.statement('SELECT 1').name;
    expect(after).toMatch(/^scout_/);
    expect(after).not.toBe(before);
  });
});

// PostgreSQL only when TEST_DATABASE_URL names one (as every suite here).
describe.each(testStoreKinds.filter((k) => k === 'postgres'))(
  'prepared statements (%s)',
  (kind) => {
    let store: Store | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    it('answer as before after the table under them changed shape', async () => {
      store = await openTestStore(kind);
      await store.query('CREATE TABLE shapes (id TEXT PRIMARY KEY, a TEXT)');
      await store.query("INSERT INTO shapes (id, a) VALUES ('s1', 'x')");
      const read = () => store!.query('SELECT * FROM shapes WHERE id = ?', ['s1']);
      // Prepared from the second run on, on whichever pooled connection runs it.
      for (let i = 0; i < 4; i++) expect((await read()).rows).toEqual([{ id: 's1', a: 'x' }]);
      await store.query('ALTER TABLE shapes ADD COLUMN b TEXT');
      for (let i = 0; i < 4; i++)
        expect((await read()).rows).toEqual([{ id: 's1', a: 'x', b: null }]);
    });

    it('keep working after a statement failed inside a transaction', async () => {
      store = await openTestStore(kind);
      await store.query('CREATE TABLE once (id TEXT PRIMARY KEY)');
      const insert = (id: string) => store!.query('INSERT INTO once (id) VALUES (?)', [id]);
      await insert('a');
      await insert('b');
      await expect(
        store.transaction(async (tx) => {
          await tx.query('INSERT INTO once (id) VALUES (?)', ['c']);
          await tx.query('INSERT INTO once (id) VALUES (?)', ['a']);
        }),
      ).rejects.toThrow();
      await insert('d');
      const { rows } = await store.query<{ id: string }>('SELECT id FROM once ORDER BY id');
      expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'd']);
    });
  },
);
