import type { Migration } from '../migrate.ts';

/**
 * Where each account has signed in successfully before, so a flood of wrong passwords for an
 * email from elsewhere does not lock its owner out (auth/known-addresses.ts). Addresses are kept
 * only as keyed hashes (HMAC with the server's secret): the table tells nobody where a member was.
 */
export const signInAddresses: Migration = {
  version: 7,
  name: 'sign-in-addresses',
  up: () => [
    `CREATE TABLE sign_in_addresses (
      address_hash TEXT NOT NULL,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      last_seen_at TEXT NOT NULL,
      PRIMARY KEY (user_id, address_hash)
    )`,
  ],
};
