import type { Migration } from '../migrate.ts';

/**
 * Sign-in with Google and other providers (auth/providers/).
 *
 * - `user_identities`: who a provider says someone is (`provider`, `subject`), linked to one
 *   account; an account may have several.
 * - `sign_in_attempts`: a provider sign-in in flight, kept 10 minutes and used once. It is found
 *   by the hash of the `state` sent to the provider; it holds the PKCE verifier, the nonce, the
 *   client's own state and where the answer goes.
 * - `mobile_sessions`: a sign-in a mobile app waits for by polling. Found by the hash of the
 *   app's session id; the tokens wait there, encrypted with a key of the server's, until the
 *   app takes them once.
 */
export const identities: Migration = {
  version: 10,
  name: 'identities',
  up: () => [
    `CREATE TABLE user_identities (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider TEXT NOT NULL,
      subject TEXT NOT NULL,
      email TEXT,
      created_at TEXT NOT NULL,
      last_sign_in_at TEXT,
      UNIQUE (provider, subject)
    )`,
    'CREATE INDEX user_identities_user ON user_identities (user_id)',
    `CREATE TABLE sign_in_attempts (
      state_hash TEXT PRIMARY KEY,
      provider TEXT NOT NULL,
      mode TEXT NOT NULL,
      client_state TEXT,
      redirect_url TEXT,
      opener_origin TEXT,
      mobile_session_hash TEXT,
      code_verifier TEXT NOT NULL,
      nonce TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    )`,
    'CREATE INDEX sign_in_attempts_expires_at ON sign_in_attempts (expires_at)',
    `CREATE TABLE mobile_sessions (
      id_hash TEXT PRIMARY KEY,
      sealed_tokens TEXT,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    )`,
    'CREATE INDEX mobile_sessions_expires_at ON mobile_sessions (expires_at)',
  ],
};
