import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../store/migrate.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { Store } from '../store/store.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { BackupUnsupportedError, backupDatabase, type BackupProgress } from './backup.ts';
import { issueServiceKey } from './service-keys.ts';

describe('online backup (sqlite)', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-backup-'));
    store = openSqliteStore(path.join(dir, 'scout.db'));
    await migrate(store);
  });
  afterEach(async () => {
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes one self-contained SQLite file holding the rows, while the store keeps working', async () => {
    const { id } = await issueServiceKey(store, 'before backup', Date.UTC(2026, 0, 1));
    const out = path.join(dir, 'copy.db');
    const result = await backupDatabase(store, out);
    expect(result.file).toBe(out);
    expect(result.bytes).toBe(fs.statSync(out).size);
    await issueServiceKey(store, 'after backup', Date.UTC(2026, 0, 2));

    // Nothing but the copy: no journal beside it, no partial file left under another name.
    expect(fs.readdirSync(dir).filter((f) => f.includes('copy.db'))).toEqual(['copy.db']);
    // The same permissions as the database it copies (SQLite creates both).
    expect(fs.statSync(out).mode & 0o777).toBe(
      fs.statSync(path.join(dir, 'scout.db')).mode & 0o777,
    );
    const copy = new Database(out, { readonly: true, fileMustExist: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT id, name FROM service_keys').all()).toEqual([
        { id, name: 'before backup' },
      ]);
      expect(copy.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toMatchObject({
        n: expect.any(Number),
      });
    } finally {
      copy.close();
    }
  });

  it('stopped midway, leaves no copy behind, partial or whole', async () => {
    const stop = new AbortController();
    const out = path.join(dir, 'copy.db');
    await expect(
      backupDatabase(store, out, {
        signal: stop.signal,
        onProgress: (p) => {
          if (p.phase === 'checking') stop.abort();
        },
      }),
    ).rejects.toMatchObject({ status: 500, message: expect.stringContaining('stopped') });
    expect(fs.readdirSync(dir).filter((f) => f.includes('copy.db'))).toEqual([]);
  });

  it('never writes over an existing file, the live database included', async () => {
    await expect(backupDatabase(store, path.join(dir, 'scout.db'))).rejects.toMatchObject({
      status: 400,
    });
    fs.writeFileSync(path.join(dir, 'kept.txt'), 'precious');
    await expect(backupDatabase(store, path.join(dir, 'kept.txt'))).rejects.toMatchObject({
      status: 400,
    });
    expect(fs.readFileSync(path.join(dir, 'kept.txt'), 'utf8')).toBe('precious');
    await expect(
      backupDatabase(store, path.join(dir, 'missing-folder', 'copy.db')),
    ).rejects.toMatchObject({ status: 400 });
  });
});

/** Size of the database the backup copies while writers run: a few hundred MB, as a troop's. */
const BULK_MB = 200;
/**
 * The writers stop on their own after this long, whatever happens: a bound, never a wait. The
 * test's own time limit is longer, so a backup that waits for the writers fails on what it did.
 */
const WRITER_LIMIT_MS = 60_000;

/**
 * Another connection writing rows one by one at a steady pace (about 400 a second), as the server
 * does for a busy troop, on a thread of its own so the backup cannot hold it up. It stops when
 * told (`state[0] = 1`) or after WRITER_LIMIT_MS, and says which.
 */
const WRITER_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
const insert = db.prepare('INSERT INTO ticks (at) VALUES (?)');
const state = new Int32Array(workerData.state);
const pace = new Int32Array(new SharedArrayBuffer(4));
const started = Date.now();
let written = 0;
while (Atomics.load(state, 0) === 0 && Date.now() - started < workerData.limitMs) {
  insert.run(Date.now());
  written++;
  Atomics.store(state, 1, written);
  if (written === 50) parentPort.postMessage({ type: 'writing' });
  Atomics.wait(pace, 0, 0, 2.5);
}
db.close();
parentPort.postMessage({ type: 'stopped', byLimit: Atomics.load(state, 0) === 0, written });
`;

describe('online backup while the troop keeps writing (sqlite)', () => {
  let dir: string;
  let store: Store | undefined;
  let writer: Worker | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-backup-busy-'));
  });
  afterEach(async () => {
    await writer?.terminate();
    await store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'finishes while writes go on, with every row committed before it began, and reports progress',
    async () => {
      const file = path.join(dir, 'scout.db');
      // Built in one transaction without a journal: a few seconds at most.
      const build = new Database(file);
      build.pragma('journal_mode = OFF');
      build.pragma('synchronous = OFF');
      build.exec('CREATE TABLE bulk (id INTEGER PRIMARY KEY, data BLOB NOT NULL)');
      build.exec('CREATE TABLE ticks (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)');
      build
        .prepare(
          'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO bulk (data) SELECT zeroblob(1048576) FROM n',
        )
        .run(BULK_MB);
      build.close();
      store = openSqliteStore(file);
      await migrate(store);

      const state = new Int32Array(new SharedArrayBuffer(8));
      writer = new Worker(WRITER_PROGRAM, {
        eval: true,
        workerData: {
          file,
          state: state.buffer,
          limitMs: WRITER_LIMIT_MS,
          driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        },
      });
      const messages: { type: string; byLimit?: boolean; written?: number }[] = [];
      const stopped = new Promise<{ byLimit: boolean; written: number }>((resolve, reject) => {
        writer?.on('message', (m: { type: string; byLimit: boolean; written: number }) => {
          messages.push(m);
          if (m.type === 'stopped') resolve(m);
        });
        writer?.on('error', reject);
      });
      await new Promise<void>((resolve, reject) => {
        writer?.on('message', (m: { type: string }) => {
          if (m.type === 'writing') resolve();
        });
        writer?.on('error', reject);
      });

      const before = (
        await store.query<{ n: number; last: number }>(
          'SELECT COUNT(*) AS n, MAX(id) AS last FROM ticks',
        )
      ).rows[0];
      const writtenBefore = Atomics.load(state, 1);
      const progress: BackupProgress[] = [];
      const out = path.join(dir, 'copy.db');
      const result = await backupDatabase(store, out, {
        onProgress: (p) => progress.push(p),
        progressIntervalMs: 50,
      });
      const writtenDuring = Atomics.load(state, 1) - writtenBefore;
      Atomics.store(state, 0, 1);
      const end = await stopped;

      // The backup ended first: the writers were still at it and had to be told to stop.
      expect(end.byLimit).toBe(false);
      expect(writtenDuring).toBeGreaterThan(0);

      const copy = new Database(out, { readonly: true, fileMustExist: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        expect(copy.prepare('SELECT COUNT(*) AS n FROM bulk').get()).toEqual({ n: BULK_MB });
        expect(
          copy.prepare('SELECT COUNT(*) AS n FROM ticks WHERE id <= ?').get(before?.last ?? 0),
        ).toEqual({ n: before?.n });
      } finally {
        copy.close();
      }
      expect(before?.n).toBeGreaterThanOrEqual(50);
      expect(fs.readdirSync(dir).filter((f) => f.includes('copy.db'))).toEqual(['copy.db']);

      // Progress: the size to expect at the start, the copy growing, the check, the end.
      const phases = progress.map((p) => p.phase);
      expect(phases[0]).toBe('start');
      expect(progress[0]?.expectedBytes).toBeGreaterThan(BULK_MB * 1e6);
      expect(phases).toContain('copying');
      expect(phases.filter((p) => p !== 'copying')).toEqual(['start', 'checking', 'done']);
      const sizes = progress.map((p) => p.bytes);
      expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
      expect(progress.at(-1)).toMatchObject({ phase: 'done', bytes: result.bytes, file: out });
    },
    WRITER_LIMIT_MS + 30_000,
  );
});

// PostgreSQL only when TEST_DATABASE_URL names one (as every suite here).
describe.each(testStoreKinds.filter((k) => k === 'postgres'))('online backup (%s)', (kind) => {
  it('points to pg_dump instead', async () => {
    const store = await openTestStore(kind);
    try {
      const err = await backupDatabase(store, path.join(os.tmpdir(), 'never-written.db')).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BackupUnsupportedError);
      expect((err as Error).message).toContain('pg_dump');
    } finally {
      await store.close();
    }
  });
});
