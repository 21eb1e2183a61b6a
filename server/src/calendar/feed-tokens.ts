/**
 * Each user's private feed token: made on first request, shown again on every visit, replaced on
 * reset (the old URL stops working at once: only the new hash is kept).
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
  userId: string,
  nowMs: number,
  replace: boolean,
): Promise<string | undefined> {
  const token = newFeedToken();
  const onConflict = replace
    ? 'DO UPDATE SET token_hash = excluded.token_hash, token_encrypted = excluded.token_encrypted, created_at = excluded.created_at'
    : 'DO NOTHING';
  const res = await db.query(
    `INSERT INTO calendar_feeds (user_id, token_hash, token_encrypted, created_at)
     SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?)
     ON CONFLICT (user_id) ${onConflict}`,
    [userId, hashFeedToken(token), sealFeedToken(key, userId, token), isoInstant(nowMs), userId],
  );
  return res.rowCount > 0 ? token : undefined;
}

async function readToken(
  db: Queryable,
  key: Buffer,
  userId: string,
): Promise<{ token: string | undefined } | undefined> {
  const { rows } = await db.query<{ token_hash: string; token_encrypted: string }>(
    'SELECT token_hash, token_encrypted FROM calendar_feeds WHERE user_id = ?',
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const token = openFeedToken(key, userId, row.token_encrypted);
  return { token: token && hashFeedToken(token) === row.token_hash ? token : undefined };
}

export async function getOrCreateFeedToken(
  db: Queryable,
  key: Buffer,
  userId: string,
  nowMs: number,
): Promise<FeedToken> {
  const existing = await readToken(db, key, userId);
  if (existing?.token) return { token: existing.token, reissued: false };
  if (existing) return { token: await resetFeedToken(db, key, userId, nowMs), reissued: true };
  const created = await storeNewToken(db, key, userId, nowMs, false);
  if (created) return { token: created, reissued: false };
  // Another request made it first: show the same token to both.
  const raced = await readToken(db, key, userId);
  if (raced?.token) return { token: raced.token, reissued: false };
  throw new ApiError('UNAUTHORIZED', 'Account not found');
}

export async function resetFeedToken(
  db: Queryable,
  key: Buffer,
  userId: string,
  nowMs: number,
): Promise<string> {
  const token = await storeNewToken(db, key, userId, nowMs, true);
  if (!token) throw new ApiError('UNAUTHORIZED', 'Account not found');
  return token;
}

/**
 * The member a feed token belongs to (undefined for a token never issued or already reset),
 * while they are an active member: the feed of an account waiting for approval or suspended
 * shows nothing (docs/operations.md, Who may join).
 */
export async function findFeedOwner(db: Queryable, token: string): Promise<string | undefined> {
  if (!isFeedTokenShape(token)) return undefined;
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT f.user_id FROM calendar_feeds f JOIN users u ON u.id = f.user_id
     WHERE f.token_hash = ? AND u.status = 'active'`,
    [hashFeedToken(token)],
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
