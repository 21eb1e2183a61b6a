/**
 * Storage paths and who may write them. Pure functions: no HTTP, no I/O.
 *
 * A path is relative, `/`-separated, at most 512 bytes, with no empty, `.` or `..` segment, no
 * backslash and no control character, so it can never leave the store's folder or bucket
 * prefix. Old clients percent-encode values, sometimes twice; the decoded form is the path, and
 * a stored path never holds a `%XX` sequence, so the encoded and decoded forms cannot disagree.
 */

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

export const isAvatarPath = (path: string) => path.startsWith('avatars/');

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Paths that belong to a user: their avatar `avatars/{userId}-{timestamp}.{ext}` (the spec's
 * avatar path) and anything under `users/{userId}/`. The timestamp is digits only, so one
 * user's id followed by `-123` can never name another user's avatar.
 */
export function isOwnPath(userId: string, path: string): boolean {
  if (path.startsWith(`users/${userId}/`) && path.length > `users/${userId}/`.length) return true;
  return new RegExp(`^avatars/${escapeRegExp(userId)}-\\d{1,20}\\.[A-Za-z0-9]{1,10}$`).test(path);
}

export type StorageActor = { kind: 'user'; userId: string; admin: boolean } | { kind: 'service' };

/** Whether the actor may create a file at this path. Admins and service keys write anywhere. */
export function mayWritePath(actor: StorageActor, path: string): boolean {
  return actor.kind === 'service' || actor.admin || isOwnPath(actor.userId, path);
}

/**
 * Whether the actor may overwrite or remove an existing file: its uploader may, admins and
 * service keys may; nobody else, even under their own prefix (a file an admin placed there).
 * A file with no record (written outside the API) belongs to whoever owns its path.
 */
export function mayModifyFile(
  actor: StorageActor,
  path: string,
  record: { ownerId: string | null } | null,
): boolean {
  if (actor.kind === 'service' || actor.admin) return true;
  if (!record) return isOwnPath(actor.userId, path);
  return record.ownerId === actor.userId;
}

/** The last segment, used as the default download name. */
export const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The public URL path of a stored file: each segment encoded on its own, slashes kept. */
export const encodeStoragePath = (path: string) =>
  path.split('/').map(encodeURIComponent).join('/');
