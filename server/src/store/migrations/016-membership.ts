import type { Migration } from '../migrate.ts';

/**
 * Who may join the troop (docs/operations.md, Who may join; members/):
 *
 * - `users.status`: `active`, `pending` (waiting for a leader) or `suspended`. Accounts made
 *   before are active.
 * - `invitations`: links to join when SIGNUP_MODE=invite, found by the hash of their token
 *   (the token itself is shown once, when the invitation is made); `uses` counts up to
 *   `max_uses` in one conditional UPDATE, so two sign-ups on a last use cannot both win.
 * - `audit_log`: every membership change, who made it and when.
 */
export const membership: Migration = {
  version: 16,
  name: 'membership',
  up: () => [
    `ALTER TABLE users ADD COLUMN status TEXT NOT NULL DEFAULT 'active'`,
    `CREATE TABLE invitations (
      id TEXT PRIMARY KEY,
      token_hash TEXT NOT NULL UNIQUE,
      email TEXT,
      max_uses INTEGER NOT NULL,
      uses INTEGER NOT NULL DEFAULT 0,
      expires_at TEXT NOT NULL,
      revoked_at TEXT,
      created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      created_at TEXT NOT NULL
    )`,
    'CREATE INDEX invitations_created_at ON invitations (created_at)',
    `CREATE TABLE audit_log (
      id TEXT PRIMARY KEY,
      at TEXT NOT NULL,
      actor_id TEXT,
      action TEXT NOT NULL,
      target_id TEXT,
      details TEXT NOT NULL DEFAULT '{}'
    )`,
    'CREATE INDEX audit_log_at ON audit_log (at)',
  ],
};
