/**
 * An access token is a signed claim made up to 15 minutes ago; the account may have changed
 * since. Before a token is believed, the account is looked up: a deleted account, or a session
 * that was signed out, revoked after a password change, or "signed out everywhere", stops the
 * token at once; a changed role applies to the token at once (it acts with the account's
 * role now, not the one it was issued with). The role and status are the account's in the
 * request's troop (its membership there); one token serves every troop the person belongs to.
 * A member of a troop registered at sign-up that still waits for its council is `pending` there,
 * whatever their membership says (troops/register-troop.ts).
 *
 * Looked up answers are kept for two seconds per process, so a member's requests cost one query
 * every two seconds. Changes made by this process forget the kept answers for that account at
 * once (`forgetAccount`); other processes notice within the two seconds.
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { Store } from '../store/store.ts';

export const SESSION_CHECK_TTL_MS = 2000;
/** Bounds memory when many members are active; the oldest half is dropped past it. */
const MAX_ENTRIES = 20_000;

interface Entry {
  at: number;
  /** False when the account no longer exists. */
  account: boolean;
  /** The account's role in the troop now; null when it is not a member of the troop. */
  role: string | null;
  /** False when the token's session (refresh-token family) was ended. */
  live: boolean;
  /** Pending and suspended accounts reach only their own profile (http/caller.ts). */
  status: AccountStatus;
  /** The troop was registered at sign-up and waits for its council (troops/register-troop.ts). */
  troopWaiting: boolean;
}

const caches = new WeakMap<Store, Map<string, Entry>>();

function cacheFor(store: Store): Map<string, Entry> {
  let cache = caches.get(store);
  if (!cache) caches.set(store, (cache = new Map()));
  return cache;
}

export type SessionState =
  | {
      ok: true;
      role: string;
      status: AccountStatus;
      /** Present when the troop waits for its council, and the account `pending` for it. */
      troopWaiting?: true;
    }
  | { ok: false; reason: 'account' | 'session' | 'troop' };

/**
 * The current state of the account and session a token speaks for, and the account's role and
 * status in `troopId` (memberships, docs/decisions/065-troops.md): `troop` when it is not a
 * member there.
 */
export async function checkSession(
  store: Store,
  userId: string,
  sessionId: string | undefined,
  troopId: string,
  now: number = performance.now(),
): Promise<SessionState> {
  const cache = cacheFor(store);
  const key = `${userId}\u0000${sessionId ?? ''}\u0000${troopId}`;
  let entry = cache.get(key);
  if (!entry || now - entry.at > SESSION_CHECK_TTL_MS) {
    entry = await lookUp(store, userId, sessionId, troopId, now);
    if (cache.size >= MAX_ENTRIES) {
      let drop = MAX_ENTRIES / 2;
      for (const k of cache.keys()) {
        cache.delete(k);
        if (--drop <= 0) break;
      }
    }
    cache.set(key, entry);
  }
  if (!entry.account) return { ok: false, reason: 'account' };
  if (!entry.live) return { ok: false, reason: 'session' };
  if (entry.role === null) return { ok: false, reason: 'troop' };
  return {
    ok: true,
    role: entry.role,
    status: entry.status,
    ...(entry.troopWaiting && entry.status === 'pending' ? { troopWaiting: true as const } : {}),
  };
}

async function lookUp(
  store: Store,
  userId: string,
  sessionId: string | undefined,
  troopId: string,
  at: number,
): Promise<Entry> {
  const live =
    sessionId === undefined
      ? '1'
      : '(SELECT count(*) FROM refresh_tokens WHERE family_id = ? AND user_id = users.id AND revoked_at IS NULL)';
  const { rows } = await store.query<{
    role: string | null;
    status: AccountStatus | null;
    live: number | string | null;
    waiting: number | string | null;
  }>(
    `SELECT m.role, m.status, ${live} AS live,
            CASE WHEN t.registered_by IS NOT NULL AND t.confirmed_at IS NULL THEN 1 ELSE 0 END AS waiting
       FROM users LEFT JOIN memberships m ON m.user_id = users.id AND m.troop_id = ?
       LEFT JOIN troops t ON t.id = m.troop_id
      WHERE users.id = ?`,
    sessionId === undefined ? [troopId, userId] : [sessionId, troopId, userId],
  );
  const row = rows[0];
  if (!row)
    return { at, account: false, role: null, live: false, status: 'active', troopWaiting: false };
  const troopWaiting = Number(row.waiting) === 1;
  const status = row.status ?? 'active';
  return {
    at,
    account: true,
    role: row.role,
    live: Number(row.live) > 0,
    // A member of a troop that waits for its council waits with it, as an account waits for approval.
    status: troopWaiting && status === 'active' ? 'pending' : status,
    troopWaiting,
  };
}

/** This process changed the account (role, sessions, deletion): look it up again next time. */
export function forgetAccount(store: Store, userId: string): void {
  const cache = caches.get(store);
  if (!cache) return;
  const prefix = `${userId}\u0000`;
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}
