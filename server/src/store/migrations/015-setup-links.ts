import type { Migration } from '../migrate.ts';

/**
 * The first admin's setup links (auth/first-admin.ts): printed at start while the troop has no
 * admin, valid an hour, used once. Only a hash of each link's token is kept.
 */
export const setupLinks: Migration = {
  version: 15,
  name: 'setup-links',
  up: () => [
    `CREATE TABLE setup_links (
      token_hash TEXT PRIMARY KEY,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    )`,
  ],
};
