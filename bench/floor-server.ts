/**
 * The floor for the Data API: the least a server can do to answer the calendar's requests. Plain
 * node:http and the database driver running the simplest SQL that gives the same answer
 * (bench/floor-sql.ts), its statements prepared as our server prepares them: on PostgreSQL named,
 * so each pooled connection prepares each once (server/src/store/pg-statements.ts); on SQLite one
 * better-sqlite3 statement each, made once and reused. JSON out. No routing beyond the method, no
 * auth, no query parsing, no validation, no log.
 *
 * - GET: the troop's first 20 events by date and their exact count, with a Content-Range header.
 * - POST: one event from the JSON body, with a fresh id and timestamps, answered 201 with the row;
 *   its notice job is written by the table's trigger, as for the server.
 *
 * Env: PORT; BENCH_DB (a SQLite file) or DATABASE_URL (PostgreSQL, a pool of BENCH_POOL_SIZE);
 * BENCH_USER_ID (the owner of created events).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { FIRST_TROOP_ID } from '../server/src/store/tenancy.ts';
import { FLOOR_BOOLEAN_COLUMNS, FLOOR_INSERT_COLUMNS, floorSql } from './floor-sql.ts';

const port = Number(process.env.PORT);
const userId = process.env.BENCH_USER_ID;
if (!Number.isInteger(port) || !userId) throw new Error('PORT and BENCH_USER_ID are required');

type Row = Record<string, unknown>;
interface Runner {
  list(troopId: string): Promise<Row[]>;
  count(troopId: string): Promise<number>;
  insert(values: unknown[]): Promise<Row | undefined>;
}

function sqliteRunner(file: string): Runner {
  const db = new Database(file, { fileMustExist: true });
  // As the server opens it (server/src/store/sqlite.ts): foreign keys are checked on insert.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const sql = floorSql('sqlite');
  const [list, count, insert] = [
    db.prepare(sql.list),
    db.prepare(sql.count),
    db.prepare(sql.insert),
  ];
  // The same JSON as the server: SQLite keeps booleans as 0/1 (server/src/store/sql-values.ts).
  const booleans = FLOOR_BOOLEAN_COLUMNS;
  const row = (r: Row): Row => {
    for (const c of booleans) if (r[c] !== null) r[c] = r[c] === 1;
    return r;
  };
  return {
    list: async (troopId) => (list.all(troopId) as Row[]).map(row),
    count: async (troopId) => (count.get(troopId) as { n: number }).n,
    insert: async (values) => {
      const created = insert.get(...values) as Row | undefined;
      return created && row(created);
    },
  };
}

function postgresRunner(url: string): Runner {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_POOL_SIZE) });
  pg.types.setTypeParser(20, (v) => Number(v));
  const sql = floorSql('postgres');
  const query = async (name: string, text: string, values: unknown[]) =>
    (await pool.query<Row>({ name, text, values })).rows;
  return {
    list: (troopId) => query('floor_list', sql.list, [troopId]),
    count: async (troopId) => Number((await query('floor_count', sql.count, [troopId]))[0]?.n),
    insert: async (values) => (await query('floor_insert', sql.insert, values))[0],
  };
}

const db = process.env.DATABASE_URL
  ? postgresRunner(process.env.DATABASE_URL)
  : sqliteRunner(process.env.BENCH_DB ?? '');

async function list(res: http.ServerResponse) {
  // A one-troop server's rows are the first troop's (migration 041).
  // One after the other on one request, as the server runs them (server/src/rest/read-rows.ts).
  const rows = await db.list(FIRST_TROOP_ID);
  const total = await db.count(FIRST_TROOP_ID);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-range': rows.length > 0 ? `0-${rows.length - 1}/${total}` : `*/${total}`,
  });
  res.end(JSON.stringify(rows));
}

async function create(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Row;
  const now = new Date().toISOString();
  const row: Row = {
    ...body,
    id: crypto.randomUUID(),
    user_id: userId,
    troop_id: FIRST_TROOP_ID,
    created_at: now,
    updated_at: now,
  };
  const created = await db.insert(FLOOR_INSERT_COLUMNS.map((c) => row[c] ?? null));
  res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify([created]));
}

http
  .createServer((req, res) => {
    (req.method === 'POST' ? create(req, res) : list(res)).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  })
  .listen(port, '127.0.0.1');

// A clean exit, so `BENCH_NODE_ARGS=--cpu-prof` writes the floor's profile too.
process.on('SIGTERM', () => process.exit(0));
