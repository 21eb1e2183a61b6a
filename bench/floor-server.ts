/**
 * The floor for the calendar list: the least a server can do to answer it. Plain node:http and
 * better-sqlite3 on the same database file, the same query (20 events by date, ties by id) and
 * the same exact count, JSON out with a Content-Range header. No routing, no auth, no parsing.
 *
 * Env: BENCH_DB (SQLite file), PORT.
 */
import http from 'node:http';
import Database from 'better-sqlite3';

const file = process.env.BENCH_DB;
const port = Number(process.env.PORT);
if (!file || !Number.isInteger(port)) throw new Error('BENCH_DB and PORT are required');

const db = new Database(file, { readonly: true, fileMustExist: true });
const list = db.prepare('SELECT * FROM calendar_events ORDER BY event_date ASC, id ASC LIMIT 20');
const count = db.prepare('SELECT COUNT(*) AS n FROM calendar_events').pluck();

http
  .createServer((_req, res) => {
    const rows = list.all();
    const total = count.get() as number;
    const range = rows.length > 0 ? `0-${rows.length - 1}/${total}` : `*/${total}`;
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-range': range,
    });
    res.end(JSON.stringify(rows));
  })
  .listen(port, '127.0.0.1');
