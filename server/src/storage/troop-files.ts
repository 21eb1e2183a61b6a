/**
 * Where a troop's files are kept (docs/decisions/065-troops.md): under the troop's prefix
 * `troops/<troop id>/` in the file store (disk and S3), taken by the server, never from the
 * client's path, so paths on the wire are unchanged. The first troop's prefix is empty, so an
 * upgraded one-troop server's files stay where they are; the account's own areas (a member's
 * avatar and `users/<id>/` folder, public to read, paths.ts) are the account's whatever troop it
 * writes them from, so one avatar shows in each of its troops. Pure: no I/O.
 */
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

/** Areas that belong to an account, not to a troop. */
const ACCOUNT_AREAS = ['avatars/', 'users/'];

/** The folder of the other troops' prefixes in the first troop's space. */
export const TROOPS_FOLDER = 'troops/';

export const isAccountPath = (path: string) => ACCOUNT_AREAS.some((a) => path.startsWith(a));

/**
 * The file store's key (and the `files` row's path) of a troop's path; undefined for a path the
 * troop may not use: in the first troop, whose prefix is empty, the folder the other troops'
 * prefixes live in.
 */
export function storedKey(troopId: string, path: string): string | undefined {
  if (isAccountPath(path)) return path;
  if (troopId !== FIRST_TROOP_ID) return `${TROOPS_FOLDER}${troopId}/${path}`;
  return path.startsWith(TROOPS_FOLDER) ? undefined : path;
}
