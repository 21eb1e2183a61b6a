/**
 * The one way an account comes into being from outside: email sign-up (sign-up.ts) and sign-in
 * with a provider (providers/provider-account.ts) both call `createAccount`, so the troop's
 * joining policy (SIGNUP_MODE, docs/operations.md, Who may join) holds for every way in. Magic
 * links only sign existing accounts in. (Admins make accounts with the admin CLI or the
 * first-admin link, which are the operator's own decision.)
 *
 * - open: every new account is active (the product as first specified).
 * - approval: every new account waits for a leader (pending).
 * - invite: only with an invitation; a troop role of Scout (a child) still waits for a leader.
 *
 * A household invitation (households/invitations.ts) is an invitation to the troop too, in every
 * mode: a member of the troop vouched for the person, so the account is active at once (a scout
 * waits only when the roles configuration says `leadersConfirmScouts`), its address counts as
 * proven, and it joins the household as the invited adult or as the scout linked to the profile
 * the parent made.
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../members/audit-log.ts';
import { claimInvitation } from '../members/invitations.ts';
import { householdInvitationForSignUp, joinByInvitation } from '../households/invitations.ts';
import { troopRoleOf } from '../members/member-list.ts';
import { createUser, type NewUser, type UserRow } from './users.ts';

/** How the new member proved who they are. */
export type AccountOrigin = { method: 'password' } | { method: 'provider'; provider: string };

export interface Joining {
  /**
   * The invitation the person joins with (SIGNUP_MODE=invite), named by the hash of its link's
   * token (members/invitations.ts, invitationKey).
   */
  invitationKey?: string | null | undefined;
  /** The token of a household invitation link (`/?family=`), in any SIGNUP_MODE. */
  householdToken?: string | null | undefined;
}

export async function createAccount(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  account: NewUser,
  origin: AccountOrigin,
  joining: Joining = {},
): Promise<UserRow> {
  const mode = deps.config.signupMode;
  const now = deps.clock.now();
  if (joining.householdToken) return joinHousehold(deps, account, origin, joining.householdToken);
  const child = troopRoleOf(account.metadata) === 'Scout';
  if (mode === 'invite' && !joining.invitationKey) throw new ApiError('INVITATION_REQUIRED');
  const status: AccountStatus =
    mode === 'approval' || (mode === 'invite' && child) ? 'pending' : 'active';
  if (mode === 'open') return createUser(deps, account);

  return deps.store.transaction(async (tx) => {
    const invitation =
      mode === 'invite'
        ? await claimInvitation(tx, joining.invitationKey ?? '', account.email, now)
        : null;
    const user = await createUser(deps, { ...account, status }, tx);
    await recordAudit(tx, now, {
      actorId: null,
      action: status === 'pending' ? 'member.waiting' : 'member.joined',
      targetId: user.id,
      details: {
        email: user.email,
        via: origin.method === 'provider' ? origin.provider : 'password',
        ...(invitation ? { invitationId: invitation.id } : {}),
      },
    });
    return user;
  });
}

async function joinHousehold(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  account: NewUser,
  origin: AccountOrigin,
  token: string,
): Promise<UserRow> {
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const { kind } = await householdInvitationForSignUp(tx, token, account.email, now);
    const held = kind === 'scout' && deps.config.roles.leadersConfirmScouts === true;
    const status: AccountStatus = held ? 'pending' : 'active';
    const user = await createUser(deps, { ...account, status, emailVerified: true }, tx);
    const joined = await joinByInvitation(tx, now, { userId: user.id, email: user.email }, token);
    await recordAudit(tx, now, {
      actorId: null,
      action: held ? 'member.waiting' : 'member.joined',
      targetId: user.id,
      details: {
        email: user.email,
        via: origin.method === 'provider' ? origin.provider : 'password',
        household: joined.householdId,
      },
    });
    return user;
  });
}
