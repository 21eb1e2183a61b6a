/**
 * The one way an account comes into being from outside: email sign-up (sign-up.ts) and sign-in
 * with a provider (providers/provider-account.ts) both call `createAccount`. A rule about who may
 * join the troop belongs here, so it holds for every way in. (Admins make accounts with the
 * admin CLI, which is the operator's own decision.)
 */
import type { AppDeps } from '../deps.ts';
import { createUser, type NewUser, type UserRow } from './users.ts';

/** How the new member proved who they are. */
export type AccountOrigin = { method: 'password' } | { method: 'provider'; provider: string };

export async function createAccount(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  account: NewUser,
  _origin: AccountOrigin,
): Promise<UserRow> {
  return createUser(deps, account);
}
