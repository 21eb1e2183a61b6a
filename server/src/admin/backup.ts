/**
 * Online backup of the SQLite database while the server keeps running. Copying the file itself
 * could catch it half-written; `VACUUM INTO`, run in a child process (sqlite-backup-child.js),
 * copies one consistent snapshot instead, and the server's writes neither block it nor make it
 * start over, so it finishes in time proportional to the database's size
 * (docs/decisions/053-online-backup.md). PostgreSQL has its own tool, pg_dump.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors.ts';
import type { Store } from '../store/store.ts';

export const PG_BACKUP_ADVICE =
  'Online backup here is for SQLite; with DATABASE_URL use pg_dump, e.g. pg_dump --format=custom --file scout.dump "$DATABASE_URL"';

const CHILD_PROGRAM = new URL('./sqlite-backup-child.js', import.meta.url);
const STDERR_KEPT = 2000;
const DEFAULT_PROGRESS_INTERVAL_MS = 2000;

export class BackupUnsupportedError extends Error {}

const backupFailed = (why: string) =>
  new ApiError('INTERNAL_ERROR', `The backup failed: ${why}; nothing was put in place`);

export interface BackupResult {
  file: string;
  bytes: number;
  elapsedMs: number;
}

/**
 * Where a backup stands. `start` comes first, then `copying` on a timer while the copy grows,
 * `checking` once it is written, `done` when it is in place under its final name.
 */
export interface BackupProgress {
  phase: 'start' | 'copying' | 'checking' | 'done';
  /** The live database being copied. */
  source: string;
  /** The copy's final name. */
  file: string;
  /** Bytes of the copy written so far. */
  bytes: number;
  /** The pages the live database uses, in bytes: about the size the copy will have. */
  expectedBytes: number;
  elapsedMs: number;
}

export interface BackupOptions {
  onProgress?: (progress: BackupProgress) => void;
  /** How often `copying` is reported while the copy grows. */
  progressIntervalMs?: number;
  /** Stops the backup: the copy in progress is removed and nothing is put in place. */
  signal?: AbortSignal;
}

type ChildMessage =
  { type: 'checking' } | { type: 'done'; bytes: number } | { type: 'failed'; message: string };

/** The size the copy will about have: the pages in use (VACUUM INTO leaves the free ones out). */
async function pagesInUse(store: Store): Promise<number> {
  const pragma = async (name: string) => {
    const { rows } = await store.query<Record<string, number>>(`PRAGMA ${name}`);
    return Number(Object.values(rows[0] ?? {})[0] ?? 0);
  };
  const pageSize = await pragma('page_size');
  return Math.max(0, (await pragma('page_count')) - (await pragma('freelist_count'))) * pageSize;
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Runs VACUUM INTO `target` in a child process; settles once the child has exited. */
function copyInChildProcess(
  source: string,
  target: string,
  onChecking: () => void,
  signal?: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    // No loader flags: the child program is plain JavaScript.
    const child = fork(CHILD_PROGRAM, [], {
      execArgv: [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
    });
    let outcome: ChildMessage | undefined;
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'checking') onChecking();
      else outcome ??= m;
    });
    child.on('error', (err) => {
      // A child that never started has no exit to wait for.
      if (child.pid === undefined) reject(err);
    });
    // Killed at once: its files are removed once it has exited and can no longer write them.
    const stop = () => {
      outcome ??= { type: 'failed', message: 'it was stopped before it finished' };
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.once('exit', (code, killedBy) => {
      signal?.removeEventListener('abort', stop);
      if (outcome?.type === 'done') return resolve(outcome.bytes);
      const detail =
        outcome?.type === 'failed'
          ? outcome.message
          : [
              `the backup process ended unexpectedly (${killedBy ?? `code ${code}`})`,
              ...stderr.trim().split('\n').slice(-3).filter(Boolean),
            ].join(' | ');
      reject(backupFailed(detail));
    });
    if (signal?.aborted) stop();
    else child.send({ type: 'run', source, target }, () => undefined);
  });
}

/** Makes a rename (or a new link) in `dir` survive a power cut. */
function syncDir(dir: string) {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot sync a directory; the file itself is already on disk.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Gives the finished copy its final name, never over a file that appeared there meanwhile. */
function putInPlace(temp: string, file: string) {
  try {
    // A new link fails if the name is taken, where a rename would silently replace it.
    fs.linkSync(temp, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new ApiError('VALIDATION_ERROR', `${file} already exists; choose a new file name`);
    // A file system without hard links: check, then rename.
    if (fs.existsSync(file))
      throw new ApiError('VALIDATION_ERROR', `${file} already exists; choose a new file name`);
    fs.renameSync(temp, file);
    return;
  }
  fs.rmSync(temp);
}

export async function backupDatabase(
  store: Store,
  outFile: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  if (store.dialect !== 'sqlite') throw new BackupUnsupportedError(PG_BACKUP_ADVICE);
  const source = store.file;
  if (!source)
    throw new ApiError(
      'VALIDATION_ERROR',
      'This database lives in memory: there is no file to back up',
    );
  const file = path.resolve(outFile);
  // Never write over an existing file: a mistyped path could name the live database itself.
  if (fs.existsSync(file))
    throw new ApiError('VALIDATION_ERROR', `${file} already exists; choose a new file name`);
  const dir = path.dirname(file);
  if (!fs.existsSync(dir))
    throw new ApiError('VALIDATION_ERROR', `The folder ${dir} does not exist`);

  const started = Date.now();
  const expectedBytes = await pagesInUse(store);
  const report = (phase: BackupProgress['phase'], bytes: number) =>
    options.onProgress?.({
      phase,
      source,
      file,
      bytes,
      expectedBytes,
      elapsedMs: Date.now() - started,
    });
  // Written under a hidden name and renamed once complete and checked: a partial copy never
  // looks like a backup.
  const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  report('start', 0);
  let copying = true;
  const timer = setInterval(() => {
    if (copying) report('copying', sizeOf(temp));
  }, options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS);
  try {
    const bytes = await copyInChildProcess(
      source,
      temp,
      () => {
        copying = false;
        report('checking', sizeOf(temp));
      },
      options.signal,
    );
    // Stopped after the copy was checked, before it got its name: still nothing in place.
    if (options.signal?.aborted) throw backupFailed('it was stopped before it finished');
    putInPlace(temp, file);
    syncDir(dir);
    report('done', bytes);
    return { file, bytes, elapsedMs: Date.now() - started };
  } finally {
    clearInterval(timer);
    // Whatever went wrong, no partial copy (nor its journal) stays behind.
    fs.rmSync(temp, { force: true });
    fs.rmSync(`${temp}-journal`, { force: true });
  }
}
