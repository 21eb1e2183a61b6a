/**
 * Each member's private feed token in each of their troops: made on first request, shown again
 * on every visit, replaced on reset (the old URL stops working at once: only the new hash is
 * kept). A token opens its own troop's feed only.
 */
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import {
  hashFeedToken,
  isFeedTokenShape,
  newFeedToken,
  openFeedToken,
  sealFeedToken,
} from './token-crypto.ts';
import { isoInstant } from '../store/sql-values.ts';

/** Whose feed: an account in one troop (a member of two troops has two feeds). */
export interface FeedHolder {
  userId: string;
  troopId: string;
}

export interface FeedToken {
  token: string;
  /** True when a stored token could not be opened (the server secret changed) and a new one was made. */
  reissued: boolean;
}

/**
 * Writes a new token for the user, replacing any old one. Only for a user that still exists: a
 * valid access token can outlive a deleted account by a few minutes.
 */
async function storeNewToken(
  db: Queryable,
  key: Buffer,
  { userId, troopId }: FeedHolder,
  nowMs: number,
  replace: boolean,
): Promise<string | undefined> {
  const token = newFeedToken();
  const onConflict = replace
    ? 'DO UPDATE SET token_hash = excluded.token_hash, token_encrypted = excluded.token_encrypted, created_at = excluded.created_at'
    : 'DO NOTHING';
  const res = await db.query(
    `INSERT INTO calendar_feeds (user_id, troop_id, token_hash, token_encrypted, created_at)
     SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?)
     ON CONFLICT (user_id, troop_id) ${onConflict}`,
    [
      userId,
      troopId,
      hashFeedToken(token),
      sealFeedToken(key, userId, token),
      isoInstant(nowMs),
      userId,
    ],
  );
  return res.rowCount > 0 ? token : undefined;
}

async function readToken(
  db: Queryable,
  key: Buffer,
  { userId, troopId }: FeedHolder,
): Promise<{ token: string | undefined } | undefined> {
  const { rows } = await db.query<{ token_hash: string; token_encrypted: string }>(
    'SELECT token_hash, token_encrypted FROM calendar_feeds WHERE user_id = ? AND troop_id = ?',
    [userId, troopId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const token = openFeedToken(key, userId, row.token_encrypted);
  return { token: token && hashFeedToken(token) === row.token_hash ? token : undefined };
}

export async function getOrCreateFeedToken(
  db: Queryable,
  key: Buffer,
  holder: FeedHolder,
  nowMs: number,
): Promise<FeedToken> {
  const existing = await readToken(db, key, holder);
  if (existing?.token) return { token: existing.token, reissued: false };
  if (existing) return { token: await resetFeedToken(db, key, holder, nowMs), reissued: true };
  const created = await storeNewToken(db, key, holder, nowMs, false);
  if (created) return { token: created, reissued: false };
  // Another request made it first: show the same token to both.
  const raced = await readToken(db, key, holder);
  if (raced?.token) return { token: raced.token, reissued: false };
  throw new ApiError('UNAUTHORIZED', 'Account not found');
}

export async function resetFeedToken(
  db: Queryable,
  key: Buffer,
  holder: FeedHolder,
  nowMs: number,
): Promise<string> {
  const token = await storeNewToken(db, key, holder, nowMs, true);
  if (!token) throw new ApiError('UNAUTHORIZED', 'Account not found');
  return token;
}

/**
 * The member a feed token of the troop belongs to (undefined for a token never issued, already
 * reset, or another troop's), while they are an active member of the troop: the feed of a
 * membership waiting for approval or suspended shows nothing (docs/operations.md, Who may join).
 */
export async function findFeedOwner(
  db: Queryable,
  troopId: string,
  token: string,
): Promise<string | undefined> {
  if (!isFeedTokenShape(token)) return undefined;
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT f.user_id FROM calendar_feeds f
     JOIN memberships m ON m.user_id = f.user_id AND m.troop_id = f.troop_id
     WHERE f.troop_id = ? AND f.token_hash = ? AND m.status = 'active'`,
    [troopId, hashFeedToken(token)],
  );
  return rows[0]?.user_id;
}

/** Both forms of the feed URL: `webcal://` opens a subscription in most calendar apps. */
export function feedUrls(
  publicUrl: string,
  projectId: string,
  token: string,
): { httpsUrl: string; webcalUrl: string } {
  const httpsUrl = `${publicUrl}/api/calendar/${encodeURIComponent(projectId)}/feed/${token}.ics`;
  return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:/i, 'webcal:') };
}
