/**
 * Online backup of the SQLite database while the server keeps running. SQLite's backup API
 * copies a consistent snapshot (WAL included) page by page; copying the file itself could catch
 * it half-written. PostgreSQL has its own tool, pg_dump.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ApiError, badRequest } from '../errors.ts';
import type { Store } from '../store/store.ts';

export const PG_BACKUP_ADVICE =
  'Online backup here is for SQLite; with DATABASE_URL use pg_dump, e.g. pg_dump --format=custom --file scout.dump "$DATABASE_URL"';

export class BackupUnsupportedError extends Error {}

export interface BackupResult {
  file: string;
  bytes: number;
}

export async function backupDatabase(store: Store, outFile: string): Promise<BackupResult> {
  if (!store.backup) {
    throw new BackupUnsupportedError(PG_BACKUP_ADVICE);
  }
  const file = path.resolve(outFile);
  // Never write over an existing file: a mistyped path could name the live database itself.
  if (fs.existsSync(file)) throw badRequest(`${file} already exists; choose a new file name`);
  if (!fs.existsSync(path.dirname(file)))
    throw badRequest(`The folder ${path.dirname(file)} does not exist`);
  await store.backup(file);
  const copy = new Database(file, { fileMustExist: true });
  try {
    // The copy inherits WAL mode; a rollback journal makes it one self-contained file to keep.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new ApiError(
        500,
        'INTERNAL_ERROR',
        `The backup at ${file} failed its integrity check: ${String(check)}`,
      );
  } finally {
    copy.close();
  }
  return { file, bytes: fs.statSync(file).size };
}
