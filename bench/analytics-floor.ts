/**
 * The floor for analytics intake: the least a server can do to store a batch. Plain node:http
 * and the database driver; each event of `{events: [...]}` becomes the same analytics_events row
 * our server writes (every column), inserted by one prepared statement (named on PostgreSQL), a batch per
 * transaction. No validation, no identity, no visits, no rate limit.
 *
 * Env: PORT; BENCH_DB (a SQLite file) or DATABASE_URL (PostgreSQL, a pool of BENCH_POOL_SIZE).
 */
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { ANALYTICS_FIXED_FIELDS } from '@scout/protocol/analytics';
import { EVENT_COLUMNS } from '../server/src/analytics/store-events.ts';

const port = Number(process.env.PORT);
if (!Number.isInteger(port)) throw new Error('PORT is required');

const INSERT = `INSERT INTO analytics_events (${EVENT_COLUMNS.join(', ')}) VALUES (${EVENT_COLUMNS.map(() => '?').join(', ')}) ON CONFLICT DO NOTHING`;

type Event = Record<string, unknown>;
/** The fields every event has; the rest is the event's custom data. */
const FIXED = new Set<string>(ANALYTICS_FIXED_FIELDS);

function referrerParts(referrer: unknown): [string | null, string | null] {
  if (typeof referrer !== 'string' || !referrer) return [null, null];
  try {
    const url = new URL(referrer);
    return [url.hostname, url.pathname];
  } catch {
    return [null, null];
  }
}

/** Every column our server fills, custom fields as JSON: the same row, without the checks. */
const rowOf = (e: Event) => {
  const custom = Object.entries(e).filter(([k]) => !FIXED.has(k));
  return [
    e.session_id,
    Date.parse(String(e.timestamp)),
    e.type,
    e.pathname,
    e.session_id,
    null,
    e.user_id ?? null,
    ...referrerParts(e.referrer),
    e.screen_width ?? null,
    e.channel ?? 'Direct',
    e.utm_source ?? null,
    e.utm_medium ?? null,
    e.utm_campaign ?? null,
    e.utm_content ?? null,
    e.utm_term ?? null,
    custom.length > 0 ? JSON.stringify(Object.fromEntries(custom)) : null,
  ];
};

function sqliteWriter(file: string) {
  const db = new Database(file, { fileMustExist: true });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(INSERT);
  const batch = db.transaction((events: Event[]) => {
    for (const e of events) insert.run(...rowOf(e));
  });
  return async (events: Event[]) => batch(events);
}

function postgresWriter(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.BENCH_POOL_SIZE) });
  let n = 0;
  const text = INSERT.replace(/\?/g, () => `$${++n}`);
  return async (events: Event[]) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const e of events)
        await client.query({ name: 'floor_analytics', text, values: rowOf(e) });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  };
}

const write = process.env.DATABASE_URL
  ? postgresWriter(process.env.DATABASE_URL)
  : sqliteWriter(process.env.BENCH_DB ?? '');

async function log(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const events = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { events: Event[] }).events;
  await write(events);
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ accepted: events.length, dropped: 0 }));
}

http
  .createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(200).end('floor');
    log(req, res).catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  })
  .listen(port, '127.0.0.1');

process.on('SIGTERM', () => process.exit(0));
