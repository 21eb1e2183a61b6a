/**
 * Invitations into a household: another adult of the family, or a scout's own account to link
 * to the scout's profile. Like troop invitations (docs/decisions/017-invitations.md) only the
 * hash of the token is kept and the link is shown once. Acceptance claims the invitation in one
 * conditional UPDATE inside the transaction that joins the household, so an invitation is
 * accepted at most once, and a refusal afterwards (the account already belongs elsewhere) rolls
 * the claim back (docs/decisions/050-households-and-rsvps.md).
 */
import crypto from 'node:crypto';
import { troopAddress } from '@scout/protocol/app-paths';
import {
  HOUSEHOLD_LIMITS,
  type HouseholdInvitationKind,
  type WireHousehold,
  type WireHouseholdInvitation,
  type WireHouseholdInvitationCheck,
  type WireHouseholdInvitationLanding,
} from '@scout/protocol/households';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { forgetAccount } from '../auth/session-check.ts';
import { joinByInvitation } from './join-by-invitation.ts';
import { lockHousehold, readHousehold, type HouseholdRef } from './household.ts';
import { INVITATION_COLUMNS, invitationToWire, type InvitationRow } from './rows.ts';
import { isoInstant } from '../store/sql-values.ts';
import { invitationExpiry, invitationKey, newInvitationToken } from '../security/invitations.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

export { householdInvitationForSignUp, joinByInvitation } from './join-by-invitation.ts';

/** The invitation's link, naming its troop unless it is the server's own (protocol/src/app-paths.ts). */
export const householdInvitationUrl = (
  deps: Pick<AppDeps, 'config'>,
  token: string,
  projectId?: string,
) =>
  `${deps.config.publicUrl}${troopAddress(`/?family=${token}`, projectId, deps.config.projectId)}`;

export interface NewHouseholdInvitation {
  kind: HouseholdInvitationKind;
  email?: string | null | undefined;
  scoutId?: string | null | undefined;
}

export interface MadeInvitation {
  invitation: WireHouseholdInvitation;
  url: string;
  /** For a scout invitation: the profile's name, for the mail. */
  scoutName: string | null;
}

export async function createHouseholdInvitation(
  deps: Deps,
  household: HouseholdRef,
  actorId: string,
  input: NewHouseholdInvitation,
): Promise<MadeInvitation> {
  if (input.kind === 'scout' && !input.scoutId)
    throw new ApiError('VALIDATION_ERROR', 'A scout invitation names the scout profile (scoutId)');
  if (input.kind === 'adult' && input.scoutId)
    throw new ApiError('VALIDATION_ERROR', 'An adult invitation names no scout');
  const now = deps.clock.now();
  const { token, tokenHash } = newInvitationToken();
  const { troopId, householdId } = household;
  return deps.store.transaction(async (tx) => {
    await lockHousehold(tx, household);
    let scoutName: string | null = null;
    if (input.scoutId) {
      const { rows } = await tx.query<{ first_name: string; user_id: string | null }>(
        'SELECT first_name, user_id FROM scouts WHERE troop_id = ? AND id = ? AND household_id = ?',
        [troopId, input.scoutId, householdId],
      );
      if (!rows[0]) throw new ApiError('NOT_FOUND', 'No scout with this id in your household');
      if (rows[0].user_id) throw new ApiError('SCOUT_ALREADY_LINKED');
      scoutName = rows[0].first_name;
    }
    const open = await tx.query<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM household_invitations
       WHERE troop_id = ? AND household_id = ? AND accepted_at IS NULL AND expires_at > ?`,
      [troopId, householdId, isoInstant(now)],
    );
    if (Number(open.rows[0]?.n ?? 0) >= HOUSEHOLD_LIMITS.openInvitations)
      throw new ApiError('HOUSEHOLD_FULL');
    const { rows } = await tx.query<InvitationRow>(
      `INSERT INTO household_invitations
         (id, household_id, kind, scout_id, token_hash, email, created_by, created_at, expires_at, troop_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${INVITATION_COLUMNS}`,
      [
        crypto.randomUUID(),
        householdId,
        input.kind,
        input.scoutId ?? null,
        tokenHash,
        input.email ?? null,
        actorId,
        isoInstant(now),
        invitationExpiry(now, HOUSEHOLD_LIMITS.invitationDays),
        troopId,
      ],
    );
    if (!rows[0]) throw new Error('the new invitation was not returned');
    const troop = await tx.query<{ project_id: string }>(
      'SELECT project_id FROM troops WHERE id = ?',
      [troopId],
    );
    return {
      invitation: invitationToWire(rows[0]),
      url: householdInvitationUrl(deps, token, troop.rows[0]?.project_id),
      scoutName,
    };
  });
}

export async function revokeHouseholdInvitation(
  deps: Deps,
  { troopId, householdId }: HouseholdRef,
  id: string,
): Promise<WireHouseholdInvitation> {
  const { rows } = await deps.store.query<InvitationRow>(
    `DELETE FROM household_invitations
     WHERE troop_id = ? AND id = ? AND household_id = ? AND accepted_at IS NULL
     RETURNING ${INVITATION_COLUMNS}`,
    [troopId, id, householdId],
  );
  if (!rows[0])
    throw new ApiError('NOT_FOUND', 'No open invitation with this id in your household');
  return invitationToWire(rows[0]);
}

/**
 * What the accept screen shows: whose household, and whether the link still works. A link of
 * another troop's household is no link on this troop's address.
 */
export async function checkHouseholdInvitation(
  deps: Deps,
  troopId: string,
  token: string,
  callerId: string,
): Promise<WireHouseholdInvitationCheck> {
  const { rows } = await deps.store.query<{
    kind: HouseholdInvitationKind;
    email: string | null;
    household_name: string;
    first_name: string | null;
    last_name: string | null;
  }>(
    `SELECT i.kind, i.email, h.name AS household_name, s.first_name, s.last_name
     FROM household_invitations i
     JOIN households h ON h.id = i.household_id
     LEFT JOIN scouts s ON s.id = i.scout_id
     WHERE i.troop_id = ? AND i.token_hash = ? AND i.accepted_at IS NULL AND i.expires_at > ?`,
    [troopId, invitationKey(token), isoInstant(deps.clock.now())],
  );
  const row = rows[0];
  if (!row) {
    const mine = await deps.store.query(
      'SELECT 1 AS hit FROM household_invitations WHERE troop_id = ? AND token_hash = ? AND accepted_by = ?',
      [troopId, invitationKey(token), callerId],
    );
    const joined = mine.rows.length > 0;
    return { usable: false, kind: null, householdName: null, scoutName: null, email: null, joined };
  }
  return {
    joined: false,
    usable: true,
    kind: row.kind,
    householdName: row.household_name,
    scoutName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    email: row.email,
  };
}

export interface Accepter {
  userId: string;
  email: string;
  /** The account still waits for a leader's approval (SIGNUP_MODE approval or invite). */
  waiting?: boolean;
}

export async function acceptHouseholdInvitation(
  deps: Deps,
  troopId: string,
  accepter: Accepter,
  token: string,
): Promise<WireHousehold> {
  const now = deps.clock.now();
  let confirmed = false;
  const household = await deps.store.transaction(async (tx) => {
    // One account's household changes run one at a time (as does its first household).
    if (tx.dialect === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock(hashtext(?))', [`household:${accepter.userId}`]);
    const joined = await joinByInvitation(tx, now, accepter, token, troopId);
    confirmed = joined.confirmed;
    return readHousehold(tx, now, {
      troopId,
      householdId: joined.householdId,
      role: joined.kind,
    });
  });
  // The account's status is cached for a moment (auth/session-check.ts): it counts at once.
  if (confirmed) forgetAccount(deps.store, accepter.userId);
  return household;
}

/**
 * What a link's landing page shows to anyone who holds it, signed in or not: the inviting
 * adult's name, the household's name and the role offered; nothing of its other members. A
 * wrong or expired link reveals nothing; a spent one only that it was used.
 */
export async function landHouseholdInvitation(
  deps: Deps,
  troopId: string,
  token: string,
): Promise<WireHouseholdInvitationLanding> {
  const { rows } = await deps.store.query<{
    kind: HouseholdInvitationKind;
    household_name: string;
    inviter_name: string | null;
    accepted_at: string | null;
  }>(
    `SELECT i.kind, h.name AS household_name, u.display_name AS inviter_name, i.accepted_at
     FROM household_invitations i
     JOIN households h ON h.id = i.household_id
     LEFT JOIN users u ON u.id = i.created_by
     WHERE i.troop_id = ? AND i.token_hash = ? AND i.expires_at > ?`,
    [troopId, invitationKey(token), isoInstant(deps.clock.now())],
  );
  const row = rows[0];
  const nothing = {
    usable: false,
    used: false,
    kind: null,
    inviterName: null,
    householdName: null,
  };
  if (!row) return nothing;
  if (row.accepted_at !== null) return { ...nothing, used: true };
  return {
    usable: true,
    used: false,
    kind: row.kind,
    inviterName: row.inviter_name,
    householdName: row.household_name,
  };
}
