import type { Migration } from '../migrate.ts';

/** Service keys for operators and scripts. Only a SHA-256 hash of each key is kept. */
export const serviceKeys: Migration = {
  version: 4,
  name: 'service-keys',
  up: () => [
    `CREATE TABLE service_keys (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      key_hash TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      revoked_at TEXT
    )`,
  ],
};
