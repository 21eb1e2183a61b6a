/**
 * Addresses an account has signed in from before. An attacker guessing passwords for an email
 * runs into the per-email limit; the owner, signing in from where they signed in before, does
 * not (auth/sign-in.ts). Kept 30 days after the last sign-in, as keyed hashes only.
 */
import { createHmac } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { isoInstant } from '../store/sql-values.ts';

export const KNOWN_ADDRESS_DAYS = 30;

type Deps = Pick<AppDeps, 'store' | 'clock' | 'jwtSecret'>;

const hashOf = (deps: Deps, userId: string, address: string) =>
  createHmac('sha256', deps.jwtSecret).update(`sign-in-address|${userId}|${address}`).digest('hex');

export async function isKnownAddress(
  deps: Deps,
  userId: string,
  address: string,
): Promise<boolean> {
  const since = isoInstant(deps.clock.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const { rows } = await deps.store.query(
    'SELECT 1 AS known FROM sign_in_addresses WHERE user_id = ? AND address_hash = ? AND last_seen_at > ?',
    [userId, hashOf(deps, userId, address), since],
  );
  return rows.length > 0;
}

export async function rememberAddress(deps: Deps, userId: string, address: string): Promise<void> {
  const now = isoInstant(deps.clock.now());
  await deps.store.query(
    `INSERT INTO sign_in_addresses (user_id, address_hash, last_seen_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id, address_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at`,
    [userId, hashOf(deps, userId, address), now],
  );
}
