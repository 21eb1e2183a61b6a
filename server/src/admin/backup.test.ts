import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../store/migrate.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import type { Store } from '../store/store.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { BackupUnsupportedError, backupDatabase } from './backup.ts';
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

    expect(fs.readdirSync(dir).filter((f) => f.startsWith('copy.db'))).toEqual(['copy.db']);
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
