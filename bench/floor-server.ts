/**
 * The floor for the Data API: the least a server can do to answer the calendar's requests. Plain
 * node:http and the database driver, running the very SQL our server runs (the benchmark makes
 * it with the server's own build-sql.ts and hands it over), JSON out. No routing beyond the
 * method, no auth, no query parsing, no validation.
 *
 * - GET: the list (20 events by date) and its exact count, with a Content-Range header.
 * - POST: one event from the JSON body, with a fresh id and timestamps, answered 201 with the row.
 *
 * Env: PORT; BENCH_DB (a SQLite file) or DATABASE_URL (PostgreSQL, a pool of BENCH_POOL_SIZE);
 * BENCH_SQL (JSON: list, count, insert and the insert's column names); BENCH_USER_ID;
 * BENCH_FLOOR_PREPARED (see postgresRunner).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { FIRST_TROOP_ID } from '../server/src/store/tenancy.ts';

interface FloorSql {
  list: string;
  count: string;
  insert: string;
  /** The insert's columns in the order of its placeholders. */
  insertColumns: string[];
}

const port = Number(process.env.PORT);
const sql = JSON.parse(process.env.BENCH_SQL ?? 'null') as FloorSql | null;
const userId = process.env.BENCH_USER_ID;
if (!Number.isInteger(port) || !sql || !userId)
  throw new Error('PORT, BENCH_SQL and BENCH_USER_ID are required');

type Run = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

function sqliteRunner(file: string): Run {
  const db = new Database(file, { fileMustExist: true });
  // As the server opens it (server/src/store/sqlite.ts).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const statements = new Map<string, Database.Statement>();
  return async (text, params) => {
    let stmt = statements.get(text);
    if (!stmt) statements.set(text, (stmt = db.prepare(text)));
    return stmt.all(...params) as Record<string, unknown>[];
  };
}

/**
 * The statements go as text, as `pool.query(text, values)` sends them: PostgreSQL parses and
 * plans each one every time. BENCH_FLOOR_PREPARED=1 names them instead, so each connection
 * prepares them once, as our server does (server/src/store/pg-statements.ts).
 */
function postgresRunner(url: string): Run {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_POOL_SIZE) });
  pg.types.setTypeParser(20, (v) => Number(v));
  const prepared = process.env.BENCH_FLOOR_PREPARED === '1';
  const numbered = new Map<string, { text: string; name: string }>();
  return async (text, params) => {
    let statement = numbered.get(text);
    if (!statement) {
      let n = 0;
      statement = { text: text.replace(/\?/g, () => `$${++n}`), name: `floor_${numbered.size}` };
      numbered.set(text, statement);
    }
    const config = prepared
      ? { name: statement.name, text: statement.text, values: params }
      : { text: statement.text, values: params };
    return (await pool.query(config)).rows as Record<string, unknown>[];
  };
}

const run = process.env.DATABASE_URL
  ? postgresRunner(process.env.DATABASE_URL)
  : sqliteRunner(process.env.BENCH_DB ?? '');

async function list(res: http.ServerResponse) {
  // The server's statements name the troop first (a one-troop server's is the first troop).
  const rows = await run(sql!.list, [FIRST_TROOP_ID, 0]);
  const total = Number((await run(sql!.count, [FIRST_TROOP_ID]))[0]?.n);
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-range': rows.length > 0 ? `0-${rows.length - 1}/${total}` : `*/${total}`,
  });
  res.end(JSON.stringify(rows));
}

async function create(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  const now = new Date().toISOString();
  const row: Record<string, unknown> = {
    ...body,
    id: crypto.randomUUID(),
    user_id: userId,
    troop_id: FIRST_TROOP_ID,
    created_at: now,
    updated_at: now,
  };
  const [created] = await run(
    sql!.insert,
    sql!.insertColumns.map((c) => row[c] ?? null),
  );
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
