import type { Migration } from '../migrate.ts';

/** Accounts, refresh-token families and shared rate-limit counters. Timestamps are ISO text. */
export const accounts: Migration = {
  version: 1,
  name: 'accounts',
  up: (d) => {
    const bool = d === 'postgres' ? 'BOOLEAN' : 'INTEGER';
    const f = d === 'postgres' ? 'false' : '0';
    return [
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT,
        display_name TEXT,
        avatar_url TEXT,
        role TEXT NOT NULL DEFAULT 'user',
        metadata TEXT NOT NULL DEFAULT '{}',
        email_verified ${bool} NOT NULL DEFAULT ${f},
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        last_sign_in_at TEXT
      )`,
      `CREATE TABLE refresh_tokens (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        rotated_at TEXT,
        replaced_by TEXT,
        revoked_at TEXT
      )`,
      'CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)',
      'CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id)',
      `CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        reset_at BIGINT NOT NULL
      )`,
    ];
  },
};
