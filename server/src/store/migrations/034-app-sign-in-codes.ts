import type { Migration } from '../migrate.ts';

/**
 * Mobile and desktop apps sign in the way RFC 8252 asks (docs/decisions/018-mobile-sign-in.md),
 * and a provider sign-in finishes only in the browser that started it.
 *
 * - `sign_in_attempts.code_challenge`: an app's PKCE challenge (S256), carried from `/auth` to
 *   the callback; the app's redirect is kept in `redirect_url` as the other modes keep theirs.
 * - `sign_in_attempts.browser_hash`: the hash of the key the starting browser holds in a cookie.
 * - `app_sign_in_codes`: the one-time code a finished app sign-in hands the app by its redirect,
 *   found by its hash, with the tokens sealed until the app exchanges it with its verifier.
 * - `mobile_sessions` goes: a session anyone holding its id could poll hands a sign-in to
 *   whoever made the link.
 */
export const appSignInCodes: Migration = {
  version: 34,
  name: 'app-sign-in-codes',
  up: () => [
    'ALTER TABLE sign_in_attempts ADD COLUMN code_challenge TEXT',
    'ALTER TABLE sign_in_attempts ADD COLUMN browser_hash TEXT',
    `CREATE TABLE app_sign_in_codes (
      code_hash TEXT PRIMARY KEY,
      sealed_tokens TEXT NOT NULL,
      code_challenge TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    )`,
    'CREATE INDEX app_sign_in_codes_expires_at ON app_sign_in_codes (expires_at)',
    'DROP TABLE mobile_sessions',
  ],
};
