import type { Migration } from '../migrate.ts';

/**
 * Stored files: who uploaded each one decides who may overwrite or remove it, and the content
 * type detected from its bytes at upload decides how it is served. The bytes live in the file
 * store (disk folder or S3 bucket); several servers share one bucket and this table.
 */
export const storage: Migration = {
  version: 5,
  name: 'storage',
  up: () => [
    `CREATE TABLE files (
      path TEXT PRIMARY KEY,
      owner_id TEXT,
      content_type TEXT NOT NULL,
      size BIGINT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    )`,
    'CREATE INDEX files_owner ON files (owner_id)',
  ],
};
