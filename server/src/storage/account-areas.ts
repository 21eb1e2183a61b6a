/**
 * The account areas (a member's avatar and `users/{id}/` folder, troop-files.ts) are the
 * account's in every troop it belongs to, so what a troop's admin (or a troop's service key) may
 * do there beyond their own paths stops at the accounts of their troop: an admin of one troop
 * never changes the avatar or files of a member of another (docs/decisions/065-troops.md).
 */
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { isOwnPath, type StorageActor } from './paths.ts';
import { isAccountPath } from './troop-files.ts';

const AVATAR = /^avatars\/(.+)-\d{1,20}\.[A-Za-z0-9]{1,10}$/;

/** The account an account-area path names; null for one that names none. */
export function accountOfPath(path: string): string | null {
  if (path.startsWith('users/')) {
    const id = path.slice('users/'.length).split('/')[0];
    return id ? id : null;
  }
  return AVATAR.exec(path)?.[1] ?? null;
}

export const OTHER_TROOPS_ACCOUNT =
  'This path belongs to someone who is not a member of this troop';

/**
 * Refuses a write to an account area by anyone but the account itself, unless the account is a
 * member of the troop the request is made in. Other areas are the troop's and pass.
 */
export async function assertAccountInTroop(
  db: Queryable,
  troopId: string,
  actor: StorageActor,
  path: string,
): Promise<void> {
  if (!isAccountPath(path)) return;
  if (actor.kind === 'user' && isOwnPath(actor.userId, path)) return;
  const account = accountOfPath(path);
  const { rows } = account
    ? await db.query('SELECT 1 AS one FROM memberships WHERE user_id = ? AND troop_id = ?', [
        account,
        troopId,
      ])
    : { rows: [] };
  if (rows.length === 0) throw new ApiError('FORBIDDEN', OTHER_TROOPS_ACCOUNT);
}
