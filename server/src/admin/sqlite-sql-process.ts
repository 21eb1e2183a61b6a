/**
 * Operator SQL on SQLite, run in a child process so the time limit holds. better-sqlite3 runs a
 * statement to its end inside one native call: neither the event loop nor a worker thread can
 * stop it (worker.terminate() waits for the native call to return, which for an unbounded
 * recursive query is never, and until then the thread keeps its locks). A child process can be
 * ended at any moment with SIGKILL; the operating system then releases its locks and SQLite
 * leaves its uncommitted transaction behind, so a batch that ran out of time changes nothing.
 */
import { fork } from 'node:child_process';
import Database from 'better-sqlite3';
import { ReadOnlyStatementError, type Store } from '../store/store.ts';
import type { SqlMode, SqlStatement, StatementResult } from './run-sql.ts';

const CHILD_PROGRAM = new URL('./sqlite-sql-child.js', import.meta.url);
const STDERR_KEPT = 2000;
/** How long the child may take to start and begin its first statement. */
const CHILD_START_MS = 30_000;

/** How the child's run ended; `index` is the statement's position, -1 for the COMMIT or the start. */
export type ChildOutcome =
  | { kind: 'done'; results: StatementResult[] }
  | { kind: 'failed'; index: number; error: unknown }
  | { kind: 'timedOut'; index: number };

interface ChildError {
  kind: 'sqlite' | 'range' | 'type' | 'readonly' | 'other';
  code?: string;
  message: string;
}

type ChildMessage =
  | { type: 'ready'; writes: boolean }
  | { type: 'statement'; index: number }
  | { type: 'done'; results: StatementResult[] }
  | { type: 'failed'; index: number; error: ChildError };

/** The child's error as the driver would have thrown it in this process. */
function rebuildError(e: ChildError): Error {
  switch (e.kind) {
    case 'sqlite':
      return new Database.SqliteError(e.message, e.code ?? 'SQLITE_ERROR');
    case 'range':
      return new RangeError(e.message);
    case 'type':
      return new TypeError(e.message);
    case 'readonly':
      return new ReadOnlyStatementError();
    default:
      return new Error(e.message);
  }
}

/**
 * Holds the store's turn: until `release` is called the server's own statements wait
 * (asynchronously) instead of running. A transaction that touches nothing takes no lock in SQLite,
 * so the child can take the write lock meanwhile.
 */
function takeStoreTurn(store: Store): Promise<() => void> {
  return new Promise((taken, failed) => {
    store
      .transaction(() => new Promise<void>((release) => taken(release)), { readOnly: true })
      .catch(failed);
  });
}

/**
 * Runs `statements` (values already in SQLite's types) in one transaction in a child process,
 * stopping it when one statement runs longer than `timeoutMs`. The promise settles only once the
 * child has exited, so its locks are gone by then.
 */
export function runSqlInChildProcess(
  store: Store,
  file: string,
  statements: readonly SqlStatement[],
  mode: SqlMode,
  timeoutMs: number,
): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    // No loader flags: the child program is plain JavaScript.
    const child = fork(CHILD_PROGRAM, [], {
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
    });

    let outcome: ChildOutcome | undefined;
    let current = 0;
    let exited = false;
    let releaseTurn: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    // The limit runs per statement, from the moment the child starts it. Starting the child
    // (a process and the driver, seconds on a loaded machine) has a budget of its own, so a busy
    // machine does not turn a quick statement into a time-limit refusal.
    const arm = (ms = timeoutMs) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        outcome ??= { kind: 'timedOut', index: current };
        child.kill('SIGKILL');
      }, ms);
    };
    const send = (message: unknown) => {
      // A child that died meanwhile is reported by 'exit'.
      child.send(message as object, () => undefined);
    };
    const stop = (result: ChildOutcome) => {
      outcome ??= result;
      child.kill('SIGKILL');
    };

    arm(Math.max(timeoutMs, CHILD_START_MS));
    child.on('message', (m: ChildMessage) => {
      switch (m.type) {
        case 'ready':
          if (!m.writes) {
            send({ type: 'go' });
            break;
          }
          // While the child holds the write lock, the server's own writes would wait for it in a
          // busy loop that blocks the event loop; waiting for the store's turn does not.
          takeStoreTurn(store).then(
            (release) => {
              if (exited) return release();
              releaseTurn = release;
              send({ type: 'go' });
            },
            (err: unknown) => stop({ kind: 'failed', index: -1, error: err }),
          );
          break;
        case 'statement':
          current = m.index;
          arm();
          break;
        case 'done':
          outcome ??= { kind: 'done', results: m.results };
          break;
        case 'failed':
          outcome ??= { kind: 'failed', index: m.index, error: rebuildError(m.error) };
          break;
      }
    });
    const finish = (failure?: Error) => {
      if (exited) return;
      exited = true;
      clearTimeout(timer);
      releaseTurn?.();
      if (outcome) resolve(outcome);
      else reject(failure ?? new Error('The SQL process ended unexpectedly'));
    };
    child.on('error', (err) => {
      // A child that never started has no exit to wait for.
      if (child.pid === undefined) finish(err);
      else stop({ kind: 'failed', index: -1, error: err });
    });
    child.once('exit', (code, signal) => {
      const detail = stderr.trim().split('\n').slice(-3).join(' | ');
      finish(
        new Error(`The SQL process ended unexpectedly (${signal ?? `code ${code}`}) ${detail}`),
      );
    });
    send({ type: 'run', file, mode, statements });
  });
}
