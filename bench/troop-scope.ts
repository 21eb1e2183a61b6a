/**
 * `npm run bench:troop-scope`: what a troop predicate costs the calendar's list, measured for the
 * data-model decision of many troops on one server (docs/decisions/065-troops.md).
 *
 * Two tables shaped as `calendar_events` (migration 003), in a SQLite file of their own and in a
 * PostgreSQL schema of their own (both removed at the end):
 *
 * - `troop_events`: 100 troops of 1,000 events each and 100 council events, with a `troop_id`
 *   column and the index (troop_id, event_date, event_time, id), the calendar's order index
 *   (migration 014) behind the troop;
 * - `one_troop_events`: one troop's 1,000 events, with the calendar's order index as it is today.
 *
 * The statements are the Data API's own (rest/build-sql.ts, as rest/list-plan.ts makes them for
 * a list): `ORDER BY event_date, event_time, id LIMIT n` and, for `Prefer: count=exact`, the
 * count with the same WHERE. The troop predicate is the equality the server would add to every
 * statement's WHERE; it is written here as the filter `troop_id=eq.<troop>`, which compiles to the
 * same `"troop_id" = ?`. Run through the server's own stores (store/sqlite.ts, store/postgres.ts),
 * so statements are prepared as the server prepares them; no HTTP, so the figures are the SQL's
 * cost alone, which is where a troop column could add any.
 *
 * Each request is read five ways: a troop's (`troop_id = ?`); a troop's with its council's events,
 * as the Data API's `in` filter (`troop_id IN (?, ?)`), as the troop's and the council's pages
 * merged (mergedRequest) and as one compound statement (compoundRequest); and the one-troop
 * table's. They take turns, the troop changing each time (all 100 in turn), SAMPLES times each,
 * one after another:
 *
 * - first page + count: the first 20 events and their exact count;
 * - the screen's page: the first 1,000 events with those of the calendar screen's columns these
 *   tables have (web/src/screens/calendar/use-calendar-events.ts), no count.
 *
 * Prints p50 per store and request (and of its page and its count apart), the ratios to the
 * one-troop table (the goal of issue 34: at most 1.3) and each statement's plan. Settings:
 * BENCH_STORES (default `sqlite,postgres`), BENCH_SAMPLES (default 500), BENCH_PG_URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildCount, buildSelect, totalOrder, type Sql } from '../server/src/rest/build-sql.ts';
import { parseQuery, type ParsedQuery } from '../server/src/rest/parse-query.ts';
import type { ColumnType } from '../server/src/rest/values.ts';
import { openPostgresStore } from '../server/src/store/postgres.ts';
import { openSqliteStore } from '../server/src/store/sqlite.ts';
import type { Dialect, Store } from '../server/src/store/store.ts';
import {
  benchPgUrl,
  benchStoreKinds,
  eventValues,
  SEEDED_EVENT_COLUMNS,
  type BenchStoreKind,
} from './bench-stores.ts';
import { mulberry32 } from './processes.ts';

const TROOPS = 100;
const EVENTS_PER_TROOP = 1_000;
const TARGET = 1.3;
const samples = Number(process.env.BENCH_SAMPLES || 500);
const warmup = Math.min(100, samples);
const ROWS_PER_INSERT = 500;

/** The columns the seeded rows hold, as calendar_events has them (bench-stores.ts, eventValues). */
const EVENT_COLUMNS = SEEDED_EVENT_COLUMNS;
const NULLABLE = new Set(['hyperlink', 'creator_name']);
/** The columns of these tables that the calendar screen selects (calendar-event.ts, CALENDAR_EVENT_FIELDS). */
const SCREEN_FIELDS = 'id,user_id,event_name,event_date,event_time,hyperlink,creator_name';

function tableSql(dialect: Dialect, name: string, troop: boolean): string[] {
  const text = dialect === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
  const columns = EVENT_COLUMNS.map(
    (c) => `${c} ${text}${NULLABLE.has(c) ? '' : ' NOT NULL'}${c === 'id' ? ' PRIMARY KEY' : ''}`,
  );
  if (troop) columns.unshift(`troop_id ${text} NOT NULL`);
  const key = troop ? 'troop_id, event_date, event_time, id' : 'event_date, event_time, id';
  return [
    `CREATE TABLE ${name} (${columns.join(', ')})`,
    `CREATE INDEX ${name}_when ON ${name} (${key})`,
  ];
}

/** The shape build-sql.ts compiles against: the table's columns, all text, and its NOT NULL ones. */
function shapeOf(name: string, troop: boolean) {
  const all = troop ? ['troop_id', ...EVENT_COLUMNS] : [...EVENT_COLUMNS];
  return {
    name,
    columns: new Map<string, ColumnType>(all.map((c) => [c, 'text'])),
    notNull: new Set(all.filter((c) => !NULLABLE.has(c))),
  };
}

const troopId = (t: number) => `troop_${String(t).padStart(3, '0')}`;
/** The council's own events (camporee, training), shown in every troop's calendar. */
const COUNCIL = 'council';
const COUNCIL_EVENTS = 100;
/** A troop's predicate alone, and with its council's events (the Data API's `in` filter). */
const OWN_TROOP = (t: number) => `troop_id=eq.${troopId(t)}`;
const WITH_COUNCIL = (t: number) => `troop_id=in.(${troopId(t)},${COUNCIL})`;

/**
 * `count` events of one unit, the same on every run: `unit` is the troop_id written (none for the
 * one-troop table), `n` numbers its events, so troop 0's are the one-troop table's.
 */
async function seed(
  store: Store,
  table: string,
  unit: string | null,
  n: number,
  count: number,
): Promise<void> {
  const base = Date.UTC(2026, 0, 1);
  const columns = unit === null ? [...EVENT_COLUMNS] : ['troop_id', ...EVENT_COLUMNS];
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < count; start += ROWS_PER_INSERT) {
    const end = Math.min(count, start + ROWS_PER_INSERT);
    const params: unknown[] = [];
    for (let i = start; i < end; i++) {
      const k = n * EVENTS_PER_TROOP + i;
      const random = mulberry32(42 + k);
      const day = new Date(base + Math.floor(random() * 3 * 365) * 86_400_000);
      const created = new Date(base + i * 1000).toISOString();
      const row = eventValues(i, `event_${k}`, `leader_${n}`, day, created, random);
      params.push(...(unit === null ? row : [unit, ...row]));
    }
    await store.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array.from({ length: end - start }, () => tuple).join(', ')}`,
      params,
    );
  }
}

/** The Data API's SELECT for a parsed list query (rest/list-plan.ts). */
function selectOf(shape: ReturnType<typeof shapeOf>, dialect: Dialect, q: ParsedQuery) {
  const columns = [
    ...new Set([...(q.select ?? shape.columns.keys()), 'event_date', 'event_time', 'id']),
  ];
  // The troop is one of the query's filters here, so each way of reading it can be timed.
  const selection = {
    troop: { kind: 'global' as const },
    filters: q.filters,
    scope: { kind: 'all' as const },
  };
  const select = buildSelect(shape, dialect, {
    columns,
    selection,
    order: totalOrder(q.order),
    limit: q.limit ?? 1000,
    offset: q.offset,
  });
  return { select, count: buildCount(shape, dialect, selection) };
}

/**
 * A list as the Data API runs it, for troop `t`: the plan's SELECT, and its COUNT when the
 * request asks (made once per troop, as the server keeps its plans).
 */
function listRequest(
  dialect: Dialect,
  table: string,
  /** The troop predicate of troop `t`, as a filter; null for the one-troop table. */
  predicate: ((t: number) => string) | null,
  query: string,
  counted: boolean,
): (t: number) => Sql[] {
  const shape = shapeOf(table, predicate !== null);
  const made = new Map<number, Sql[]>();
  return (t) => {
    const key = predicate ? t : 0;
    let sql = made.get(key);
    if (!sql) {
      const { select, count } = selectOf(
        shape,
        dialect,
        parseQuery(predicate ? `${query}&${predicate(t)}` : query),
      );
      sql = counted ? [select, count] : [select];
      made.set(key, sql);
    }
    return sql;
  };
}

/**
 * A troop's page with its council's events as the server could write it instead of `IN`: the
 * troop's page and the council's, each read in the order of the index, then the two merged and
 * cut to the page. Each part reads at most a page, where `IN` reads and sorts every row of both.
 */
function mergedRequest(dialect: Dialect, query: string, counted: boolean): (t: number) => Sql[] {
  const shape = shapeOf('troop_events', true);
  const made = new Map<number, Sql[]>();
  return (t) => {
    let sql = made.get(t);
    if (!sql) {
      const own = selectOf(shape, dialect, parseQuery(`${query}&${OWN_TROOP(t)}`)).select;
      const council = selectOf(shape, dialect, parseQuery(`${query}&troop_id=eq.${COUNCIL}`));
      const both = selectOf(shape, dialect, parseQuery(`${query}&${WITH_COUNCIL(t)}`));
      const limit = parseQuery(query).limit ?? 1000;
      const merged = {
        text: `SELECT * FROM (SELECT * FROM (${own.text}) AS own UNION ALL SELECT * FROM (${council.select.text}) AS council) AS page ORDER BY "event_date", "event_time", "id" LIMIT ${limit}`,
        params: [...own.params, ...council.select.params],
      };
      sql = counted ? [merged, both.count] : [merged];
      made.set(t, sql);
    }
    return sql;
  };
}

/**
 * The same as one compound statement: the two reads unordered, the compound ordered and cut to
 * the page, which each store can answer by merging the two ranges of the index as it reads them.
 */
function compoundRequest(dialect: Dialect, query: string, counted: boolean): (t: number) => Sql[] {
  const shape = shapeOf('troop_events', true);
  const made = new Map<number, Sql[]>();
  return (t) => {
    let sql = made.get(t);
    if (!sql) {
      const both = selectOf(shape, dialect, parseQuery(`${query}&${WITH_COUNCIL(t)}`));
      const columns = /^SELECT (.*?) FROM /.exec(both.select.text)![1];
      const limit = parseQuery(query).limit ?? 1000;
      const part = `SELECT ${columns} FROM "troop_events" WHERE "troop_id" = ?`;
      const compound = {
        text: `${part} UNION ALL ${part} ORDER BY "event_date", "event_time", "id" LIMIT ${limit}`,
        params: [troopId(t), COUNCIL],
      };
      sql = counted ? [compound, both.count] : [compound];
      made.set(t, sql);
    }
    return sql;
  };
}

const ORDER = 'order=event_date.asc,event_time.asc';
const REQUESTS = [
  { name: 'first page (20) + count=exact', query: `${ORDER}&limit=20`, counted: true, rows: 21 },
  {
    name: 'the screen’s page (1,000)',
    query: `select=${SCREEN_FIELDS}&${ORDER}&limit=1000`,
    counted: false,
    rows: 1000,
  },
];

/** The time of each statement of a request, in ms, read one after another. */
async function timed(store: Store, statements: Sql[], expectRows: number): Promise<number[]> {
  const times: number[] = [];
  let rows = 0;
  for (const s of statements) {
    const start = performance.now();
    rows += (await store.query(s.text, s.params)).rows.length;
    times.push(performance.now() - start);
  }
  if (rows !== expectRows) throw new Error(`expected ${expectRows} rows, read ${rows}`);
  return times;
}

const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

interface Opened {
  store: Store;
  dispose(): Promise<void>;
}

async function open(kind: BenchStoreKind): Promise<Opened> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-troops-'));
    const store = openSqliteStore(path.join(dir, 'troops.db'));
    return {
      store,
      async dispose() {
        await store.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const pgUrl = benchPgUrl();
  const schema = `bench_troops_${crypto.randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = openPostgresStore(url.toString(), { max: 1 });
  return {
    store,
    async dispose() {
      await store.close();
      await admin(`DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

async function planOf(store: Store, sql: Sql): Promise<string> {
  const explain =
    store.dialect === 'postgres'
      ? `EXPLAIN (COSTS OFF) ${sql.text}`
      : `EXPLAIN QUERY PLAN ${sql.text}`;
  const { rows } = await store.query<Record<string, unknown>>(explain, sql.params);
  return rows
    .map((r) => String(r['QUERY PLAN'] ?? r.detail ?? Object.values(r).join(' ')))
    .join(' / ');
}

async function runStore(kind: BenchStoreKind): Promise<void> {
  const { store, dispose } = await open(kind);
  try {
    const started = performance.now();
    for (const sql of [
      ...tableSql(store.dialect, 'troop_events', true),
      ...tableSql(store.dialect, 'one_troop_events', false),
    ])
      await store.query(sql);
    for (let t = 0; t < TROOPS; t++)
      await seed(store, 'troop_events', troopId(t), t, EVENTS_PER_TROOP);
    await seed(store, 'troop_events', COUNCIL, TROOPS, COUNCIL_EVENTS);
    await seed(store, 'one_troop_events', null, 0, EVENTS_PER_TROOP);
    // Fresh planner statistics, as autovacuum and the server's `PRAGMA optimize` keep them.
    await store.query(
      store.dialect === 'postgres' ? 'VACUUM ANALYZE troop_events, one_troop_events' : 'ANALYZE',
    );
    console.log(
      `${kind}: ${TROOPS} troops x ${EVENTS_PER_TROOP} events, ${COUNCIL_EVENTS} council events, and one troop of ${EVENTS_PER_TROOP} seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const r of REQUESTS) {
      const kinds = {
        troop: listRequest(store.dialect, 'troop_events', OWN_TROOP, r.query, r.counted),
        'troop + council (IN)': listRequest(
          store.dialect,
          'troop_events',
          WITH_COUNCIL,
          r.query,
          r.counted,
        ),
        'troop + council (merged)': mergedRequest(store.dialect, r.query, r.counted),
        'troop + council (compound)': compoundRequest(store.dialect, r.query, r.counted),
        'one troop': listRequest(store.dialect, 'one_troop_events', null, r.query, r.counted),
      };
      const names = Object.keys(kinds) as Array<keyof typeof kinds>;
      /** Per way: the request's times, and each statement's (the page, then the count). */
      const times = new Map(
        names.map((k) => [k, { total: [] as number[], parts: [[], []] as number[][] }]),
      );
      for (let i = 0; i < samples + warmup; i++) {
        const t = i % TROOPS;
        // Taking turns, each first as often as the others, so drift in the machine hits all alike.
        for (let j = 0; j < names.length; j++) {
          const which = names[(i + j) % names.length]!;
          const ms = await timed(store, kinds[which](t), r.rows);
          if (i < warmup) continue;
          const entry = times.get(which)!;
          entry.total.push(ms.reduce((a, b) => a + b, 0));
          ms.forEach((m, k) => entry.parts[k]!.push(m));
        }
      }
      const parts = (which: keyof typeof kinds) => {
        const [page, count] = times.get(which)!.parts;
        return r.counted
          ? ` (page ${median(page!).toFixed(3)} ms, count ${median(count!).toFixed(3)} ms)`
          : '';
      };
      const one = median(times.get('one troop')!.total);
      console.log(
        `${kind}  ${r.name}: one-troop table p50 ${one.toFixed(3)} ms${parts('one troop')}`,
      );
      console.log(`      plan: ${await planOf(store, kinds['one troop'](0)[0]!)}`);
      for (const which of names.filter((n) => n !== 'one troop')) {
        const p50 = median(times.get(which)!.total);
        const ratio = p50 / one;
        console.log(
          `    ${which}, among ${TROOPS}: p50 ${p50.toFixed(3)} ms${parts(which)}, ratio ${ratio.toFixed(2)} (goal <= ${TARGET}${ratio <= TARGET ? ', met' : ', NOT met'})`,
        );
        console.log(`      plan: ${await planOf(store, kinds[which](50)[0]!)}`);
      }
      if (r.counted) {
        console.log(
          `      count plan, one troop: ${await planOf(store, kinds['one troop'](0)[1]!)}`,
        );
        console.log(`      count plan, troop: ${await planOf(store, kinds.troop(50)[1]!)}`);
      }
    }
  } finally {
    await dispose();
  }
}

console.log(
  `bench:troop-scope: ${samples} samples per request and table (after ${warmup} warm-up)`,
);
for (const kind of benchStoreKinds()) await runStore(kind);
