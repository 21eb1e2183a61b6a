/**
 * What troop invitations (members/invitations.ts) and household invitations
 * (households/invitations.ts) share. A link's token is made once and only its hash is kept
 * (docs/decisions/017-invitations.md); an invitation is open until it expires and while its own
 * table says so (not revoked and not used up; not yet accepted); redeeming one is a single
 * conditional UPDATE in the caller's transaction, so of two redemptions racing for its last use
 * exactly one wins, and a redemption refused later rolls back with the caller's transaction.
 * An invitation bound to an email is redeemed only by that email. Each capability keeps what
 * differs: its table, what open means, what a redemption sets and the words of a refusal.
 */
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import { hashToken, newToken } from './tokens.ts';

const DAY_MS = 86_400_000;

export interface InvitationTable {
  /** The table: it has `token_hash`, `email` (null for anyone) and `expires_at` columns. */
  name: string;
  /** The columns an invitation is read with (RETURNING and SELECT). */
  columns: string;
  /** SQL that holds while an invitation may still be redeemed, besides its expiry. */
  open: string;
}

/** A new invitation's link token (shown once) and what is kept of it. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = newToken();
  return { token, tokenHash: hashToken(token) };
}

/** What names an invitation once its link is in hand: the hash of its token. */
export const invitationKey = hashToken;

/** When an invitation made at `now` for `days` days expires, as the store keeps it. */
export const invitationExpiry = (now: number, days: number) => isoInstant(now + days * DAY_MS);

/** The open invitation whose link is `token`, if any. */
export async function findOpenInvitation<Row>(
  db: Queryable,
  table: InvitationTable,
  token: string,
  now: number,
): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT ${table.columns} FROM ${table.name}
     WHERE token_hash = ? AND ${table.open} AND expires_at > ?`,
    [invitationKey(token), isoInstant(now)],
  );
  return rows[0];
}

export interface Redemption {
  /** The SET clause that spends the invitation, and its parameters. */
  set: string;
  params: unknown[];
  /**
   * Whether a bound invitation answers "another email" only while it is still open (households),
   * or in any state (troop invitations, whose sign-up form names the address to use).
   */
  otherEmailOnlyWhileOpen: boolean;
}

/**
 * Spends the invitation named by `key` for `email`, in `tx`: the redeemed row, or why not:
 * `other-email` when it is bound to another address, else `unusable` (unknown, expired, spent).
 */
export async function redeemInvitation<Row>(
  tx: Queryable,
  table: InvitationTable,
  redemption: Redemption,
  key: string,
  email: string,
  now: number,
): Promise<{ row: Row } | { refused: 'other-email' | 'unusable' }> {
  const at = isoInstant(now);
  const { rows } = await tx.query<Row>(
    `UPDATE ${table.name} SET ${redemption.set}
     WHERE token_hash = ? AND ${table.open} AND expires_at > ? AND (email IS NULL OR email = ?)
     RETURNING ${table.columns}`,
    [...redemption.params, key, at, email],
  );
  if (rows[0]) return { row: rows[0] };
  const whileOpen = redemption.otherEmailOnlyWhileOpen;
  const bound = await tx.query(
    `SELECT 1 AS hit FROM ${table.name}
     WHERE token_hash = ? AND email IS NOT NULL AND email <> ?
     ${whileOpen ? `AND ${table.open} AND expires_at > ?` : ''}`,
    whileOpen ? [key, email, at] : [key, email],
  );
  return { refused: bound.rows[0] ? 'other-email' : 'unusable' };
}
