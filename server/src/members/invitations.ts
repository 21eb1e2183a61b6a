/**
 * Invitations to join a troop that joins by invitation (its sign-up mode `invite`). Each names
 * its troop (`invitations.troop_id`), is listed and revoked there only, and a sign-up with it
 * joins that troop (auth/troop-to-join.ts). A leader makes one for one
 * person (bound to their email, which it pre-fills and requires) or for up to N people, with an
 * expiry; it can be revoked. Only the hash of its token is kept: the link is shown once, when it
 * is made (docs/decisions/017-invitations.md). Each sign-up claims one use in a single
 * conditional UPDATE inside the sign-up's transaction, so of two sign-ups racing for a last use
 * exactly one wins, and a sign-up that fails later gives its use back.
 */
import crypto from 'node:crypto';
import { troopAddress } from '@scout/protocol/app-paths';
import type { WireInvitation } from '@scout/protocol/members';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { recordAudit } from './audit-log.ts';
import { isoInstant } from '../store/sql-values.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import {
  findOpenInvitation,
  invitationExpiry,
  invitationKey,
  newInvitationToken,
  redeemInvitation,
  type InvitationTable,
  type Redemption,
} from '../security/invitations.ts';

export const INVITATION_MAX_USES = 500;
export const INVITATION_MAX_DAYS = 90;
export const INVITATION_DEFAULT_DAYS = 14;

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

interface InvitationRow {
  id: string;
  email: string | null;
  max_uses: number | string;
  uses: number | string;
  expires_at: string;
  revoked_at: string | null;
  created_by: string | null;
  created_at: string;
  role: string | null;
  mailed_at: string | null;
}

const COLUMNS =
  'id, email, max_uses, uses, expires_at, revoked_at, created_by, created_at, role, mailed_at';

/**
 * What names an invitation once its link is in hand: the hash of its token, the only form the
 * server keeps (a provider sign-in carries it until the provider answers, auth/providers/).
 */
export { invitationKey };

/** A troop invitation is open while it is not revoked and has uses left. */
const TABLE: InvitationTable = {
  name: 'invitations',
  columns: COLUMNS,
  open: 'revoked_at IS NULL AND uses < max_uses',
};

const toWire = (r: InvitationRow): WireInvitation => ({
  id: r.id,
  email: r.email,
  maxUses: Number(r.max_uses),
  uses: Number(r.uses),
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
  createdBy: r.created_by,
  role: r.role,
  mailedAt: r.mailed_at,
});

export const invitationInvalid = (message?: string) => new ApiError('INVITATION_INVALID', message);

export interface NewInvitation {
  email?: string | null | undefined;
  /** The role its person joins with (checked against the roles configuration by the caller). */
  role?: string | undefined;
  maxUses?: number | undefined;
  expiresInDays?: number | undefined;
}

/** The invitation's link, naming its troop unless it is the server's own (protocol/src/app-paths.ts). */
export const invitationUrl = (deps: Pick<AppDeps, 'config'>, token: string, projectId?: string) =>
  `${deps.config.publicUrl}${troopAddress(`/?invite=${token}`, projectId, deps.config.projectId)}`;

export async function createInvitation(
  deps: Deps,
  actorId: string | null,
  input: NewInvitation,
  troopId: string = FIRST_TROOP_ID,
): Promise<{ invitation: WireInvitation; url: string }> {
  const email = input.email ?? null;
  const maxUses = email ? 1 : (input.maxUses ?? 1);
  if (email && input.maxUses !== undefined && input.maxUses !== 1)
    throw new ApiError('VALIDATION_ERROR', 'An invitation sent to one person is for one sign-up');
  const days = input.expiresInDays ?? INVITATION_DEFAULT_DAYS;
  const { token, tokenHash } = newInvitationToken();
  const now = deps.clock.now();
  const id = crypto.randomUUID();
  const made = await deps.store.transaction(async (tx) => {
    const { rows } = await tx.query<InvitationRow>(
      `INSERT INTO invitations (id, troop_id, token_hash, email, max_uses, uses, expires_at, created_by, created_at, role)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
      [
        id,
        troopId,
        tokenHash,
        email,
        maxUses,
        invitationExpiry(now, days),
        actorId,
        isoInstant(now),
        input.role ?? null,
      ],
    );
    await recordAudit(tx, now, {
      troopId,
      actorId,
      action: 'invitation.created',
      targetId: id,
      details: { email, maxUses, expiresInDays: days, ...(input.role ? { role: input.role } : {}) },
    });
    const troop = await tx.query<{ project_id: string }>(
      'SELECT project_id FROM troops WHERE id = ?',
      [troopId],
    );
    return rows[0] && { row: rows[0], projectId: troop.rows[0]?.project_id };
  });
  if (!made) throw new Error('the new invitation was not returned');
  return { invitation: toWire(made.row), url: invitationUrl(deps, token, made.projectId) };
}

/** Records that the invitation went by mail to the address it names (invitation-mail.ts). */
export async function markInvitationMailed(db: Queryable, id: string, now: number): Promise<void> {
  await db.query('UPDATE invitations SET mailed_at = ? WHERE id = ? AND email IS NOT NULL', [
    isoInstant(now),
    id,
  ]);
}

/**
 * What a sign-up with the link named by `key` is offered before it takes a use: the role it joins
 * with, and the one address it is for (undefined for no such invitation; the claim decides
 * whether it is still usable).
 */
export async function invitationOffer(
  db: Queryable,
  key: string,
): Promise<{ role: string | null; email: string | null } | undefined> {
  const { rows } = await db.query<{ role: string | null; email: string | null }>(
    'SELECT role, email FROM invitations WHERE token_hash = ?',
    [key],
  );
  return rows[0];
}

/** Whether signing up as `email` with this invitation proves the address: it was mailed there. */
export const provesAddress = (invitation: WireInvitation, email: string): boolean =>
  invitation.mailedAt !== null && invitation.email === email.toLowerCase();

/** The troop's invitations, the newest first. */
export async function listInvitations(db: Queryable, troopId: string): Promise<WireInvitation[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM invitations WHERE troop_id = ? ORDER BY created_at DESC, id LIMIT 500`,
    [troopId],
  );
  return rows.map(toWire);
}

export async function revokeInvitation(
  deps: Deps,
  actorId: string | null,
  id: string,
  troopId: string,
): Promise<WireInvitation> {
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const { rows } = await tx.query<InvitationRow>(
      `UPDATE invitations SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND troop_id = ?
       RETURNING ${COLUMNS}`,
      [isoInstant(now), id, troopId],
    );
    const row = rows[0];
    if (!row) throw new ApiError('NOT_FOUND', 'No invitation with this id');
    await recordAudit(tx, now, { troopId, actorId, action: 'invitation.revoked', targetId: id });
    return toWire(row);
  });
}

/** What the sign-up form needs to know of a link before it is used. */
export async function checkInvitation(
  deps: Deps,
  token: string,
): Promise<{ usable: boolean; email: string | null }> {
  const row = await findOpenInvitation<InvitationRow>(deps.store, TABLE, token, deps.clock.now());
  return { usable: Boolean(row), email: row?.email ?? null };
}

/**
 * A sign-up takes one use. A troop invitation bound to an address says so to another address in
 * any state (a household invitation only while it is open).
 */
const USE_ONE: Redemption = { set: 'uses = uses + 1', params: [], otherEmailOnlyWhileOpen: false };

/**
 * Takes one use of the invitation named by `key` (invitationKey) for `email`, in the sign-up's
 * transaction `tx`.
 */
export async function claimInvitation(
  tx: Queryable,
  key: string,
  email: string,
  now: number,
): Promise<WireInvitation> {
  const redeemed = await redeemInvitation<InvitationRow>(tx, TABLE, USE_ONE, key, email, now);
  if ('row' in redeemed) return toWire(redeemed.row);
  if (redeemed.refused === 'other-email')
    throw invitationInvalid('This invitation was sent to another email address: sign up with it.');
  throw invitationInvalid();
}
