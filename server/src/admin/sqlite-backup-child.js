/**
 * The program a child process runs for an online backup of the SQLite database (see backup.ts).
 * It is plain JavaScript so the child starts on bare Node, without a TypeScript loader.
 *
 * `VACUUM INTO` copies the database inside one read transaction: in WAL mode that is a consistent
 * snapshot that the server's writes, in any process, neither block nor restart, so the copy takes
 * time in proportion to the database's size however busy the troop is. The statement runs to its
 * end inside one native call, which is why it runs here: the parent's event loop stays free to
 * report progress (by watching the copy grow).
 *
 * The source connection is read-only: a backup never writes to the live database. The copy is
 * checked with `PRAGMA integrity_check` and flushed to disk (SQLite does not sync what
 * `VACUUM INTO` writes) before the parent gives it its final name.
 *
 * Messages (parent to child): {type: 'run', source, target}. Child to parent: {type: 'checking'}
 * once the copy is written, then {type: 'done', bytes} or {type: 'failed', message}.
 */
import fs from 'node:fs';
// The event loop's turn: a parent that has gone away is noticed (`disconnect`) only there.
import { setImmediate as turn } from 'node:timers/promises';
import Database from 'better-sqlite3';

/** @param {string} target */
function syncFile(target) {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** @type {() => void} */
let abandon = () => undefined;

/** @param {{source: string, target: string}} job */
async function run(job) {
  // A parent that has gone away will never put the copy in place: leave nothing behind.
  abandon = () => {
    fs.rmSync(job.target, { force: true });
    fs.rmSync(`${job.target}-journal`, { force: true });
    process.exit(1);
  };
  process.once('disconnect', abandon);
  const source = new Database(job.source, { readonly: true, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(job.target);
  } finally {
    source.close();
  }
  await turn();
  // A failed send means the parent has gone: `disconnect` follows.
  process.send?.({ type: 'checking' }, () => undefined);
  const copy = new Database(job.target, { fileMustExist: true });
  let check;
  try {
    // A rollback journal makes the copy one self-contained file to keep (VACUUM INTO writes it
    // so already; this states it rather than relying on it).
    copy.pragma('journal_mode = DELETE');
    check = copy.pragma('integrity_check', { simple: true });
  } finally {
    copy.close();
  }
  if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
  syncFile(job.target);
  await turn();
  return fs.statSync(job.target).size;
}

/** @param {object} message */
function finish(message) {
  // From here the parent owns the copy (it renames it, or removes it after a failure).
  process.off('disconnect', abandon);
  process.send?.(message, () => process.disconnect());
}

process.once('message', (job) => {
  run(/** @type {{source: string, target: string}} */ (job)).then(
    (bytes) => finish({ type: 'done', bytes }),
    (err) => finish({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
  );
});
