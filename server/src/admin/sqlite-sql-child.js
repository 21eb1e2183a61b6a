/**
 * The program a child process runs for operator SQL on SQLite (see sqlite-sql-process.ts). It is
 * plain JavaScript so the child starts on bare Node, without a TypeScript loader.
 *
 * It opens its own connection to the server's database file, runs the statements in one
 * transaction and reports back. The parent stops it with SIGKILL when a statement runs past the
 * time limit: better-sqlite3 cannot interrupt a running statement, but the operating system can
 * end the process, which releases its locks and leaves its uncommitted transaction behind,
 * rolled back.
 *
 * Messages (parent to child): {type: 'run', file, mode, statements: [{sql, args}]}, then
 * {type: 'go'}. Child to parent: {type: 'ready', writes}, {type: 'statement', index} as each
 * statement starts, then {type: 'done', results} or {type: 'failed', index, error}.
 */
import Database from 'better-sqlite3';

/** @param {unknown} err */
function describeError(err) {
  if (err instanceof Database.SqliteError)
    return { kind: 'sqlite', code: err.code, message: err.message };
  if (err instanceof RangeError) return { kind: 'range', message: err.message };
  if (err instanceof TypeError) return { kind: 'type', message: err.message };
  if (err instanceof Error) return { kind: 'other', message: err.message };
  return { kind: 'other', message: String(err) };
}

/**
 * Whether the batch may change data. The engine answers for each statement (sqlite3_stmt_readonly)
 * without running it; a statement that cannot be prepared yet (it may need a table an earlier
 * statement creates) counts as a write.
 * @param {import('better-sqlite3').Database} db
 * @param {{sql: string}[]} statements
 */
function mayWrite(db, statements) {
  for (const s of statements) {
    try {
      if (!db.prepare(s.sql).readonly) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** @param {{file: string, mode: 'read' | 'write', statements: {sql: string, args: unknown[]}[]}} job */
function start(job) {
  const db = new Database(job.file, { fileMustExist: true });
  // The same settings as the server's own connection, so constraints hold the same way.
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  const readOnly = job.mode === 'read';
  const writes = !readOnly && mayWrite(db, job.statements);
  process.send?.({ type: 'ready', writes });
  process.once('message', () => run(db, job.statements, readOnly, writes));
}

/**
 * @param {import('better-sqlite3').Database} db
 * @param {{sql: string, args: unknown[]}[]} statements
 * @param {boolean} readOnly
 * @param {boolean} writes
 */
function run(db, statements, readOnly, writes) {
  let index = 0;
  try {
    // A batch that only reads takes no write lock, so the server's own writes go on meanwhile.
    db.exec(writes ? 'BEGIN IMMEDIATE' : 'BEGIN');
    const results = [];
    for (; index < statements.length; index++) {
      const s = /** @type {{sql: string, args: unknown[]}} */ (statements[index]);
      process.send?.({ type: 'statement', index });
      const stmt = db.prepare(s.sql);
      if (readOnly && !stmt.readonly) {
        finish({ type: 'failed', index, error: { kind: 'readonly', message: 'read-only batch' } });
        return;
      }
      if (stmt.reader) {
        // .all() always finishes the statement; an unfinished one would block WAL checkpoints.
        const rows = stmt.all(...s.args);
        results.push({ rows, columns: stmt.columns().map((c) => c.name), rowCount: rows.length });
      } else {
        const info = stmt.run(...s.args);
        results.push({ rows: [], columns: [], rowCount: info.changes });
      }
    }
    index = -1;
    db.exec('COMMIT');
    finish({ type: 'done', results });
  } catch (err) {
    finish({ type: 'failed', index, error: describeError(err) });
  }

  /** @param {object} message */
  function finish(message) {
    // Closing a connection with an open transaction rolls it back.
    db.close();
    process.send?.(message, () => process.disconnect());
  }
}

process.once('message', (job) => {
  try {
    start(/** @type {Parameters<typeof start>[0]} */ (job));
  } catch (err) {
    process.send?.({ type: 'failed', index: -1, error: describeError(err) }, () =>
      process.disconnect(),
    );
  }
});
