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
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../members/audit-log.ts';
import { claimInvitation } from '../members/invitations.ts';
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
}

export async function createAccount(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  account: NewUser,
  origin: AccountOrigin,
  joining: Joining = {},
): Promise<UserRow> {
  const mode = deps.config.signupMode;
  const now = deps.clock.now();
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
