/**
 * Joining a household with its invitation (docs/decisions/050-households-and-rsvps.md): the
 * invitation a sign-up carries, read before the account is made, and its redemption in the
 * transaction that joins the household, so an invitation is accepted at most once and a refusal
 * afterwards (the account already belongs elsewhere) rolls the claim back. Used by a member
 * accepting (invitations.ts) and by a new account made with the link, by password or through a
 * sign-in provider (auth/create-account.ts).
 */
import type { HouseholdInvitationKind } from '@scout/protocol/households';
import { ApiError } from '../errors.ts';
import {
  findOpenInvitation,
  invitationKey,
  redeemInvitation,
  type InvitationTable,
} from '../security/invitations.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import { confirmLinkedScout } from './confirm-scout.ts';
import { membershipOf } from './household.ts';
import type { Accepter } from './invitations.ts';
import { INVITATION_COLUMNS, type InvitationRow } from './rows.ts';

/** A household invitation is open until it is accepted. */
const TABLE: InvitationTable = {
  name: 'household_invitations',
  columns: INVITATION_COLUMNS,
  open: 'accepted_at IS NULL',
};

const refused = (
  code:
    | 'HOUSEHOLD_INVITATION_INVALID'
    | 'HOUSEHOLD_INVITATION_OTHER_ACCOUNT'
    | 'HOUSEHOLD_INVITATION_USED',
) => new ApiError(code);

/**
 * Why a link cannot be redeemed, in the words its holder needs: a spent one says sign in (to a
 * signed-in account, only when it was that account that used it; another simply lost the race).
 */
async function refusal(
  tx: Queryable,
  key: string,
  why: 'other-email' | 'unusable',
  userId?: string,
) {
  if (why === 'other-email') return refused('HOUSEHOLD_INVITATION_OTHER_ACCOUNT');
  const spent = await tx.query(
    `SELECT 1 AS hit FROM household_invitations
     WHERE token_hash = ? AND accepted_at IS NOT NULL ${userId ? 'AND accepted_by = ?' : ''}`,
    userId ? [key, userId] : [key],
  );
  return refused(spent.rows[0] ? 'HOUSEHOLD_INVITATION_USED' : 'HOUSEHOLD_INVITATION_INVALID');
}

/**
 * The invitation a sign-up carries, read before the account is made: its kind decides whether
 * the new account waits (auth/create-account.ts). Redeeming it comes after, in the same
 * transaction (joinByInvitation), so two sign-ups racing for one link cannot both join.
 */
export async function householdInvitationForSignUp(
  tx: Queryable,
  token: string,
  email: string,
  now: number,
): Promise<{ kind: HouseholdInvitationKind; mailedToEmail: boolean }> {
  const row = await findOpenInvitation<InvitationRow>(tx, TABLE, token, now);
  if (!row) throw await refusal(tx, invitationKey(token), 'unusable');
  if (row.email !== null && row.email !== email.toLowerCase())
    throw refused('HOUSEHOLD_INVITATION_OTHER_ACCOUNT');
  // An invitation bound to an address was mailed there (households/routes.ts), so signing up
  // with its link proves the address; a link made for anyone proves nothing of the one typed.
  return { kind: row.kind, mailedToEmail: row.email !== null };
}

/**
 * Spends the invitation `token` for `accepter` in `tx` and joins its household as the invited
 * role: an adult of the household, or the scout linked to the profile the parent made. The
 * household is the invitation's troop's; given `troopId` (the path's troop), an invitation of
 * another troop is refused as no invitation at all, and `tx` rolls the spending back.
 */
export async function joinByInvitation(
  tx: Queryable,
  now: number,
  accepter: Accepter,
  token: string,
  troopId?: string,
): Promise<{
  troopId: string;
  householdId: string;
  kind: HouseholdInvitationKind;
  confirmed: boolean;
}> {
  const email = accepter.email.toLowerCase();
  const key = invitationKey(token);
  // Accepted once; a bound invitation names another account only while it is still open.
  const redeemed = await redeemInvitation<InvitationRow>(
    tx,
    TABLE,
    {
      set: 'accepted_at = ?, accepted_by = ?',
      params: [isoInstant(now), accepter.userId],
      otherEmailOnlyWhileOpen: true,
    },
    key,
    email,
    now,
  );
  if (!('row' in redeemed)) throw await refusal(tx, key, redeemed.refused, accepter.userId);
  const invitation = redeemed.row;
  if (troopId !== undefined && invitation.troop_id !== troopId)
    throw refused('HOUSEHOLD_INVITATION_INVALID');
  const troop = invitation.troop_id;
  // Waiting for approval, an account joins a household only as the scout a parent links.
  if (accepter.waiting && invitation.kind !== 'scout') throw new ApiError('ACCOUNT_PENDING');
  await leaveLoneHousehold(tx, troop, accepter.userId, invitation.household_id, invitation.kind);
  let confirmed = false;
  if (invitation.kind === 'adult') {
    await tx.query(
      'INSERT INTO household_adults (household_id, user_id, joined_at, troop_id) VALUES (?, ?, ?, ?)',
      [invitation.household_id, accepter.userId, isoInstant(now), troop],
    );
  } else {
    const linked = await tx.query(
      `UPDATE scouts SET user_id = ?, updated_at = ?
       WHERE troop_id = ? AND id = ? AND household_id = ? AND user_id IS NULL`,
      [accepter.userId, isoInstant(now), troop, invitation.scout_id, invitation.household_id],
    );
    if (linked.rowCount === 0) throw new ApiError('SCOUT_ALREADY_LINKED');
    if (accepter.waiting) {
      confirmed = await confirmLinkedScout(tx, now, accepter.userId, invitation.id);
      if (!confirmed) throw new ApiError('ACCOUNT_PENDING');
    }
  }
  return {
    troopId: troop,
    householdId: invitation.household_id,
    kind: invitation.kind,
    confirmed,
  };
}

/**
 * An account belongs to one household, as an adult or as a scout. One that only has the empty
 * household made when it first opened its own (no scouts, no other adult) leaves it for the one
 * it is invited into; anything more is refused, for the family to sort out first.
 */
async function leaveLoneHousehold(
  tx: Queryable,
  troopId: string,
  userId: string,
  joining: string,
  kind: HouseholdInvitationKind,
): Promise<void> {
  const membership = await membershipOf(tx, troopId, userId);
  if (!membership) return;
  if (membership.role === 'scout')
    throw new ApiError(kind === 'scout' ? 'SCOUT_ALREADY_LINKED' : 'HOUSEHOLD_ALREADY_JOINED');
  if (membership.householdId === joining) throw new ApiError('HOUSEHOLD_ALREADY_JOINED');
  const others = await tx.query<{ n: number | string }>(
    `SELECT (SELECT COUNT(*) FROM scouts WHERE troop_id = ? AND household_id = ?)
          + (SELECT COUNT(*) FROM household_adults WHERE troop_id = ? AND household_id = ? AND user_id <> ?) AS n`,
    [troopId, membership.householdId, troopId, membership.householdId, userId],
  );
  if (Number(others.rows[0]?.n ?? 0) > 0) throw new ApiError('HOUSEHOLD_ALREADY_JOINED');
  await tx.query('DELETE FROM households WHERE troop_id = ? AND id = ?', [
    troopId,
    membership.householdId,
  ]);
}
