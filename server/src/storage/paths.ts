/**
 * Storage paths and who may write them. Pure functions: no HTTP, no I/O.
 *
 * A path is relative, `/`-separated, at most 512 bytes, with no empty, `.` or `..` segment, no
 * backslash and no control character, so it can never leave the store's folder or bucket
 * prefix. Old clients percent-encode values, sometimes twice; the decoded form is the path, and
 * a stored path never holds a `%XX` sequence, so the encoded and decoded forms cannot disagree.
 */
import { hasHiddenTextControl } from '@scout/protocol/file-names';
import { areaGrant, areaRuleOf, DEFAULT_STORAGE_RULES, type StorageRules } from './area-rules.ts';

export const STORAGE_PATH_MAX_BYTES = 512;
/** Most file systems refuse longer names (NAME_MAX). */
const SEGMENT_MAX_BYTES = 255;
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export type PathCheck = { ok: true; path: string } | { ok: false; reason: string };

function decodePercentEscapes(raw: string): string | undefined {
  let value = raw;
  for (let round = 0; round < 2 && PERCENT_ESCAPE.test(value); round++) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return PERCENT_ESCAPE.test(value) ? undefined : value;
}

export function checkStoragePath(raw: unknown): PathCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'empty' };
  const path = decodePercentEscapes(raw);
  if (path === undefined) return { ok: false, reason: 'encoding' };
  if (Buffer.byteLength(path, 'utf8') > STORAGE_PATH_MAX_BYTES)
    return { ok: false, reason: 'too long' };
  if (CONTROL_CHARS.test(path)) return { ok: false, reason: 'control character' };
  if (path.includes('\\')) return { ok: false, reason: 'backslash' };
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return { ok: false, reason: 'absolute' };
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.' || segment === '..')
      return { ok: false, reason: 'segment' };
    if (segment.trim() !== segment) return { ok: false, reason: 'whitespace' };
    if (Buffer.byteLength(segment, 'utf8') > SEGMENT_MAX_BYTES)
      return { ok: false, reason: 'segment too long' };
  }
  return { ok: true, path };
}

/**
 * A path a new file may be given: a storage path with no character that reorders or hides the
 * text around it (protocol/src/file-names.ts), so no name can pass itself off as another
 * (`invoice\u202Efdp.exe` reading "invoiceexe.pdf"). Paths already stored are still read and
 * removed by checkStoragePath, so a file written before this check or outside the API can be
 * cleaned up.
 */
export function checkNewStoragePath(raw: unknown): PathCheck {
  const checked = checkStoragePath(raw);
  if (checked.ok && hasHiddenTextControl(checked.path))
    return { ok: false, reason: 'hidden text control' };
  return checked;
}

export const isAvatarPath = (path: string) => path.startsWith('avatars/');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Paths that belong to a user: their avatar `avatars/{userId}-{timestamp}.{ext}` (the path
 * web/src/screens/profile/avatar-file.ts uploads to) and anything under `users/{userId}/`. The timestamp is digits only, so one
 * user's id followed by `-123` can never name another user's avatar.
 */
export function isOwnPath(userId: string, path: string): boolean {
  if (path.startsWith(`users/${userId}/`) && path.length > `users/${userId}/`.length) return true;
  return new RegExp(`^avatars/${escapeRegExp(userId)}-\\d{1,20}\\.[A-Za-z0-9]{1,10}$`).test(path);
}

/**
 * The shared troop area: documents the whole troop reads (packing lists, permission slips) and
 * leaders keep, by default (its rule is the configuration's `storage.troop`).
 */
export const TROOP_AREA = 'troop/';
export const isTroopPath = (path: string) => path.startsWith(TROOP_AREA);

/**
 * Who is storing: a service key, or a member with what the roles configuration grants them
 * (docs/roles.md): `storage.all` (every file, an admin's by default) and the permissions the
 * areas' rules name (`holds`). Everything else is ownership.
 */
export type StorageActor =
  | { kind: 'user'; userId: string; allFiles: boolean; holds: (permission: string) => boolean }
  | { kind: 'service' };

const mayWriteAnything = (actor: StorageActor) => actor.kind === 'service' || actor.allFiles;

/**
 * Whether the actor may create a file at this path: as the area's `write` rule says, where
 * `owner` means a path that names the member (their `users/{id}/` folder, their avatar).
 */
export function mayWritePath(
  actor: StorageActor,
  path: string,
  rules: StorageRules = DEFAULT_STORAGE_RULES,
): boolean {
  if (mayWriteAnything(actor)) return true;
  if (actor.kind !== 'user') return false;
  const grant = areaGrant(areaRuleOf(rules, path).write, actor.holds);
  return grant === 'all' || (grant === 'own' && isOwnPath(actor.userId, path));
}

/**
 * Whether the actor may overwrite or remove an existing file. Where the area's rule lets the
 * member write every file (the troop area, for leaders), it is the area's, not its uploader's;
 * where it says `owner`, only the uploader may, and nobody else, even under their own prefix (a
 * file an admin placed there). A file with no record (written outside the API) belongs to
 * whoever owns its path.
 */
export function mayModifyFile(
  actor: StorageActor,
  path: string,
  record: { ownerId: string | null } | null,
  rules: StorageRules = DEFAULT_STORAGE_RULES,
): boolean {
  return mayUseFile('write', actor, path, record, rules);
}

/** Whether the actor may get a link to a file (its area's `read` rule). */
export function mayReadFile(
  actor: StorageActor,
  path: string,
  record: { ownerId: string | null } | null,
  rules: StorageRules = DEFAULT_STORAGE_RULES,
): boolean {
  return mayUseFile('read', actor, path, record, rules);
}

/** The area rule's `use` (read or write) for this actor and file. */
function mayUseFile(
  use: 'read' | 'write',
  actor: StorageActor,
  path: string,
  record: { ownerId: string | null } | null,
  rules: StorageRules,
): boolean {
  if (mayWriteAnything(actor)) return true;
  if (actor.kind !== 'user') return false;
  return ownerMay(areaGrant(areaRuleOf(rules, path)[use], actor.holds), actor, path, record);
}

function ownerMay(
  grant: 'all' | 'own' | 'none',
  actor: { userId: string },
  path: string,
  record: { ownerId: string | null } | null,
): boolean {
  if (grant !== 'own') return grant === 'all';
  return record ? record.ownerId === actor.userId : isOwnPath(actor.userId, path);
}

/** The last segment, used as the default download name. */
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The public URL path of a stored file: each segment encoded on its own, slashes kept. */
export const encodeStoragePath = (path: string) =>
  path.split('/').map(encodeURIComponent).join('/');
