import type { Migration } from '../migrate.ts';

/**
 * Auth sessions and one-time links. Refresh tokens and rate-limit counters live in 001; this adds
 * the indexes their clean-up needs and the table for emailed one-time links (magic sign-in,
 * password reset, email verification), which, like refresh tokens, keeps only a SHA-256 hash of
 * each token so a copy of the database cannot be used to sign in.
 */
export const authSessions: Migration = {
  version: 2,
  name: 'auth-sessions',
  up: () => [
    // Expired rows are deleted by range on these columns (auth/rate-limits.ts, auth/sessions.ts).
    'CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at)',
    'CREATE INDEX refresh_tokens_expires_at ON refresh_tokens (expires_at)',
    `CREATE TABLE auth_links (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      redirect_url TEXT,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    )`,
    'CREATE INDEX auth_links_user_purpose ON auth_links (user_id, purpose)',
    'CREATE INDEX auth_links_expires_at ON auth_links (expires_at)',
  ],
};
