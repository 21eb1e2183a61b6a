import { describe, expect, it } from 'vitest';
import {
  buildAnyOutside,
  buildSelect,
  buildUpdate,
  totalOrder,
  troopScope,
  type TableShape,
} from './build-sql.ts';
import { parseQuery, QueryError } from './parse-query.ts';

const shape: TableShape = {
  name: 'tasks',
  columns: new Map([
    ['id', 'text'],
    ['owner_id', 'text'],
    ['title', 'text'],
    ['priority', 'number'],
    ['done', 'boolean'],
  ]),
};

const select = (
  qs: string,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
  after?: Array<string | number | boolean | null>,
) => {
  const q = parseQuery(qs);
  return buildSelect(shape, dialect, {
    columns: ['id', 'title'],
    selection: {
      troop: { kind: 'troop', troopId: 't1' },
      filters: q.filters,
      scope: { kind: 'owner', column: 'owner_id', userId: 'u1' },
    },
    order: totalOrder(q.order),
    ...(after ? { after } : {}),
    limit: q.limit ?? 100,
    offset: q.offset,
  });
};

describe('building SQL', () => {
  it('quotes identifiers, binds every value in text order and scopes to the caller', () => {
    const sql = select('title=eq.Camp&priority=gte.2&done=is.true&limit=5');
    expect(sql.text).toBe(
      'SELECT "id", "title" FROM "tasks" WHERE "troop_id" = ? AND "owner_id" = ? AND "title" = ? AND "priority" >= ? AND "done" IS TRUE ORDER BY "id" ASC NULLS LAST LIMIT 5 OFFSET ?',
    );
    expect(sql.params).toEqual(['t1', 'u1', 'Camp', 2, 0]);
  });

  it('orders and compares text by code point on PostgreSQL', () => {
    const sql = select('title=gt.b&order=title.desc', 'postgres');
    expect(sql.text).toContain('"title" COLLATE "C" > ?');
    expect(sql.text).toContain(
      'ORDER BY "title" COLLATE "C" DESC NULLS FIRST, "id" COLLATE "C" ASC NULLS LAST',
    );
  });

  it('writes like as a case-sensitive GLOB on SQLite and LIKE on PostgreSQL, escaping literals', () => {
    expect(select('title=like.*50\\%25_off').params[2]).toBe('*50%?off');
    expect(select('title=like.a[b?').params[2]).toBe('a[[]b[?]');
    const pg = select('title=ilike.*50\\%25_off', 'postgres');
    expect(pg.text).toContain(`"title" ILIKE ? ESCAPE '\\'`);
    expect(pg.params[2]).toBe('%50\\%_off');
  });

  it('writes an empty in list as a condition that matches nothing, on both engines', () => {
    expect(select('id=in.()').text).toContain('1=0');
    expect(select('id=not.in.()', 'postgres').text).toContain('NOT (1=0)');
  });

  it('continues after a cursor with a keyset condition', () => {
    const sql = select('order=priority.asc', 'sqlite', [2, 't1']);
    expect(sql.text).toContain(
      'AND (("priority" > ? OR "priority" IS NULL) OR ("priority" = ? AND ("id" > ? OR "id" IS NULL))) ORDER BY',
    );
    expect(sql.params).toEqual(['t1', 'u1', 2, 2, 't1', 0]);
  });

  it('finds targeted rows the caller may see but not change', () => {
    const q = parseQuery('done=eq.false');
    const sql = buildAnyOutside(
      shape,
      'sqlite',
      { troop: { kind: 'troop', troopId: 't1' }, filters: q.filters, scope: { kind: 'all' } },
      { kind: 'owner', column: 'owner_id', userId: 'u1' },
    );
    expect(sql.text).toBe(
      'SELECT 1 AS hit FROM "tasks" WHERE "troop_id" = ? AND "done" = ? AND ("owner_id" IS NULL OR "owner_id" <> ?) LIMIT 1',
    );
    expect(sql.params).toEqual(['t1', false, 'u1']);
  });

  it('updates with bound values and raises a sequence column in SQL', () => {
    const sql = buildUpdate(shape, 'postgres', {
      set: [['title', 'New']],
      bump: 'priority',
      selection: {
        troop: { kind: 'troop', troopId: 'troop-b' },
        filters: parseQuery('id=eq.t1').filters,
        scope: { kind: 'all' },
      },
      returning: ['id'],
    });
    expect(sql.text).toBe(
      'UPDATE "tasks" SET "title" = ?, "priority" = "priority" + 1 WHERE "troop_id" = ? AND "id" = ? RETURNING "id"',
    );
    expect(sql.params).toEqual(['New', 'troop-b', 't1']);
  });

  it('reads accounts through their membership of the troop, and global rows unscoped', () => {
    const q = parseQuery('id=eq.u2');
    const accounts = buildSelect(shape, 'sqlite', {
      columns: ['id'],
      selection: {
        troop: { kind: 'accounts', column: 'owner_id', troopId: 'troop-b' },
        filters: q.filters,
        scope: { kind: 'all' },
      },
      order: totalOrder([]),
      limit: 1,
      offset: 0,
    });
    expect(accounts.text).toContain(
      'WHERE "owner_id" IN (SELECT user_id FROM memberships WHERE troop_id = ?) AND "id" = ?',
    );
    expect(accounts.params).toEqual(['troop-b', 'u2', 0]);
    const global = buildSelect(shape, 'sqlite', {
      columns: ['id'],
      selection: { troop: { kind: 'global' }, filters: q.filters, scope: { kind: 'all' } },
      order: totalOrder([]),
      limit: 1,
      offset: 0,
    });
    expect(global.text).toContain('WHERE "id" = ? ORDER BY');
  });

  it('refuses unknown columns and values of the wrong type', () => {
    expect(() => select('nope=eq.1')).toThrow(
      new QueryError('Unknown column "nope" in table "tasks"'),
    );
    expect(() => select('priority=eq.high')).toThrow(QueryError);
    expect(() => select('done=eq.maybe')).toThrow(QueryError);
    expect(() => select('priority=like.1*')).toThrow(/text columns/);
    expect(() => select('title=is.true')).toThrow(/true\/false columns/);
  });
});

describe('calendar listing plan', () => {
  it.each([
    ['event_date', ['event_date'], 'calendar_events_troop_date'],
    ['event_date, event_time', ['event_date', 'event_time'], 'calendar_events_troop_when'],
  ])(
    'reads a troop\u2019s page ordered by %s from the troop-led index, with no sort',
    async (_, columns, index) => {
      const { openTestStore } = await import('../../test/test-app.ts');
      const { TABLES } = await import('../tables.ts');
      const table = TABLES.served.get('calendar_events');
      if (!table) throw new Error('calendar_events is declared');
      const store = await openTestStore('sqlite');
      try {
        const sql = buildSelect(table, 'sqlite', {
          columns: ['id', 'event_name'],
          selection: { troop: troopScope(table, 'troop-b'), filters: [], scope: { kind: 'all' } },
          order: totalOrder(
            columns.map((column) => ({ column, descending: false, nullsFirst: false })),
          ),
          // A later page, after a cursor: read from the index from there on.
          after: ['2031-03-02', ...(columns.length > 1 ? ['19:00'] : []), 'ev-1'],
          limit: 20,
          offset: 0,
        });
        const plan = await store.query<{ detail: string }>(
          `EXPLAIN QUERY PLAN ${sql.text}`,
          sql.params,
        );
        const details = plan.rows.map((r) => r.detail).join('\n');
        expect(details).toContain(`${index} (troop_id=? AND event_date>?)`);
        expect(details).not.toContain('TEMP B-TREE');
        // The indexes without the troop are gone (migration 043): nothing reads them.
        const { rows } = await store.query<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'calendar_events' AND name IN ('calendar_events_when', 'calendar_events_date')",
        );
        expect(rows).toEqual([]);
      } finally {
        await store.close();
      }
    },
  );

  it("merges a troop's page with its council's from the two ranges of the index, with no sort, on SQLite", async () => {
    const { openTestStore } = await import('../../test/test-app.ts');
    const { TABLES } = await import('../tables.ts');
    const table = TABLES.served.get('calendar_events');
    if (!table) throw new Error('calendar_events is declared');
    const store = await openTestStore('sqlite');
    try {
      const sql = buildSelect(table, 'sqlite', {
        columns: ['id', 'event_name', 'event_date', 'event_time'],
        selection: {
          troop: troopScope(table, 'troop-b', 'council-l'),
          filters: [],
          scope: { kind: 'all' },
        },
        order: totalOrder([
          { column: 'event_date', descending: false, nullsFirst: false },
          { column: 'event_time', descending: false, nullsFirst: false },
        ]),
        limit: 20,
        offset: 0,
      });
      expect(sql.params).toEqual(['troop-b', 'council-l', 0]);
      const plan = await store.query<{ detail: string }>(
        `EXPLAIN QUERY PLAN ${sql.text}`,
        sql.params,
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toContain('MERGE (UNION ALL)');
      expect(details).toContain('calendar_events_troop_when (troop_id=?)');
      expect(details).not.toContain('TEMP B-TREE');
    } finally {
      await store.close();
    }
  });
});
