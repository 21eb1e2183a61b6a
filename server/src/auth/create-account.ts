/**
 * The one way an account comes into being from outside: email sign-up (sign-up.ts) and sign-in
 * with a provider (providers/provider-account.ts) both call `createAccount`, so the troop's
 * joining policy (its sign-up mode, docs/operations.md, Who may join) holds for every way in.
 * The account joins one troop (troop-to-join.ts): the invitation's, or the one whose number was
 * typed, under that troop's own mode (troops.signup_mode; SIGNUP_MODE for one left unset). Magic
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
import { roleNames } from '@scout/protocol/permissions';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../members/audit-log.ts';
import { claimInvitation, invitationOffer, provesAddress } from '../members/invitations.ts';
import { joinTroop } from '../members/memberships.ts';
import { householdInvitationForSignUp, joinByInvitation } from '../households/invitations.ts';
import { troopRoleOf } from '../members/member-list.ts';
import type { Queryable } from '../store/store.ts';
import { FIRST_TROOP_ID, type Troop } from '../store/tenancy.ts';
import { adminRoles } from './first-admin.ts';
import { markRegistrant, registerTroop, troopNameOf } from '../troops/register-troop.ts';
import type { TroopDirectory } from '../store/tenancy.ts';
import {
  householdInvitationTroop,
  invitationTroop,
  signUpTarget,
  troopToJoin,
  troopNumberOf,
  type Registration,
} from './troop-to-join.ts';
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
  /** The troop the request was made to (its project id); absent: the first troop. */
  troop?: Troop | undefined;
}

/** A new account, and the troop it joined (its role and status are that troop's). */
export interface NewAccount {
  user: UserRow;
  troop: Troop;
}

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'> & {
  /** Forgotten after a troop is registered, so the new troop's project id is found at once. */
  troops?: Pick<TroopDirectory, 'forget'>;
};

/**
 * Makes the account and its membership of `troop`. The account's own `role` and `status` are the
 * first troop's (members/memberships.ts): an account that joins another troop keeps the
 * defaults there and belongs to no troop but the one it joined.
 */
async function createMember(
  deps: Deps,
  tx: Queryable,
  account: NewUser,
  troop: Troop,
  status: AccountStatus,
  role: string = deps.config.roles.defaultRole,
): Promise<UserRow> {
  const first = troop.id === FIRST_TROOP_ID;
  const user = await createUser(deps, { ...account, status: first ? status : 'active' }, tx);
  await joinTroop(
    tx,
    deps.clock.now(),
    { userId: user.id, troopId: troop.id, role, status },
    { onlyThisTroop: true },
  );
  return first ? user : { ...user, status };
}

export async function createAccount(
  deps: Deps,
  account: NewUser,
  origin: AccountOrigin,
  joining: Joining = {},
): Promise<NewAccount> {
  const now = deps.clock.now();
  if (joining.householdToken) return joinHousehold(deps, account, origin, joining);
  const child = troopRoleOf(account.metadata) === 'Scout';
  let registered = false;
  const made = await deps.store.transaction(async (tx) => {
    // An invitation joins its own troop; else the number typed at sign-up names the troop.
    const invited = joining.invitationKey
      ? await invitationTroop(tx, deps.config, joining.invitationKey)
      : undefined;
    const target = invited
      ? { troop: invited }
      : await signUpTarget(tx, deps.config, joining.troop, troopNumberOf(account.metadata));
    if ('register' in target) {
      registered = true;
      return registerAndJoin(deps, tx, account, target.register);
    }
    const troop = target.troop;
    const mode = troop.signupMode;
    if (mode === 'invite' && !joining.invitationKey) throw new ApiError('INVITATION_REQUIRED');
    const offer = joining.invitationKey
      ? await invitationOffer(tx, joining.invitationKey)
      : undefined;
    // An invitation for one person, or one that gives a role, is spent in every mode: it is
    // that person's, and their address or role is what it vouches for.
    const invitation =
      mode === 'invite' || offer?.role || offer?.email
        ? await claimInvitation(tx, joining.invitationKey ?? '', account.email, now)
        : null;
    const role = givenRole(deps, invitation?.role);
    // The one a leader (or the platform admin) invited into a role is let in at once.
    const status: AccountStatus =
      role || !(mode === 'approval' || (mode === 'invite' && child)) ? 'active' : 'pending';
    const verified =
      account.emailVerified === true ||
      (invitation !== null && provesAddress(invitation, account.email));
    const user = await createMember(
      deps,
      tx,
      { ...account, emailVerified: verified },
      troop,
      status,
      role ?? deps.config.roles.defaultRole,
    );
    // An open troop's newcomer joins unremarked, as it always did.
    if (mode !== 'open' || invitation)
      await recordAudit(tx, now, {
        troopId: troop.id,
        actorId: null,
        action: status === 'pending' ? 'member.waiting' : 'member.joined',
        targetId: user.id,
        details: {
          email: user.email,
          via: origin.method === 'provider' ? origin.provider : 'password',
          ...(invitation ? { invitationId: invitation.id } : {}),
        },
      });
    return { user, troop };
  });
  if (registered) deps.troops?.forget();
  return made;
}

/**
 * A number no troop has, where the council accepts troops: the new troop is made, waiting for the
 * council (troops/register-troop.ts), and the person joins it as its admin, active. The answer's
 * status is `pending`, as every request of theirs finds it (auth/session-check.ts) until a council
 * admin confirms the troop.
 */
async function registerAndJoin(
  deps: Deps,
  tx: Queryable,
  account: NewUser,
  registration: Registration,
): Promise<NewAccount> {
  const now = deps.clock.now();
  const role = adminRoles(deps.config.roles)[0];
  if (!role)
    throw new ApiError('VALIDATION_ERROR', 'No role of the roles configuration may lead a troop');
  const { council, number } = registration;
  const troop = await registerTroop(tx, deps, council, number, troopNameOf(account.metadata));
  const user = await createMember(deps, tx, account, troop, 'active', role);
  await markRegistrant(tx, now, troop, council, user);
  return { user: { ...user, status: 'pending' }, troop };
}

/** The role an invitation gives, while the roles configuration still has it. */
function givenRole(deps: Deps, role: string | null | undefined): string | undefined {
  return role && roleNames(deps.config.roles).includes(role) ? role : undefined;
}

/** A household invitation joins the troop of its household, as the household's member. */
async function joinHousehold(
  deps: Deps,
  account: NewUser,
  origin: AccountOrigin,
  joining: Joining,
): Promise<NewAccount> {
  const token = joining.householdToken ?? '';
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const troop =
      (await householdInvitationTroop(tx, deps.config, token)) ??
      (await troopToJoin(tx, deps.config, joining.troop, null));
    const { kind, mailedToEmail } = await householdInvitationForSignUp(
      tx,
      token,
      account.email,
      now,
    );
    const held = kind === 'scout' && deps.config.roles.leadersConfirmScouts === true;
    const status: AccountStatus = held ? 'pending' : 'active';
    const verified = mailedToEmail || account.emailVerified === true;
    const user = await createMember(
      deps,
      tx,
      { ...account, emailVerified: verified },
      troop,
      status,
    );
    const joined = await joinByInvitation(
      tx,
      now,
      { userId: user.id, email: user.email },
      token,
      troop.id,
    );
    await recordAudit(tx, now, {
      troopId: troop.id,
      actorId: null,
      action: held ? 'member.waiting' : 'member.joined',
      targetId: user.id,
      details: {
        email: user.email,
        via: origin.method === 'provider' ? origin.provider : 'password',
        household: joined.householdId,
      },
    });
    return { user, troop };
  });
}
