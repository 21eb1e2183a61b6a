/** The avatar checks made before any upload (docs/product.md section 5) and the path it is stored under. */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { AVATAR_MAX_BYTES } from '@scout/protocol/limits';

interface PickedFile {
  name: string;
  type: string;
  size: number;
}

export function checkAvatarFile(file: Pick<PickedFile, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return UI_MESSAGES.avatarNotImage;
  if (file.size >= AVATAR_MAX_BYTES) return UI_MESSAGES.avatarTooLarge;
  return null;
}

// The server takes an avatar only at avatars/{userId}-{digits}.{1-10 letters or digits}.
const SAFE_EXTENSION = /^[a-z0-9]{1,10}$/;

/** The file's own extension, else one from its type (image/svg+xml -> svg), else `img`. */
export function avatarExtension(file: Pick<PickedFile, 'name' | 'type'>): string {
  const dot = file.name.lastIndexOf('.');
  const fromName = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  if (SAFE_EXTENSION.test(fromName)) return fromName;
  const subtype = (file.type.split('/')[1] ?? '').split('+')[0]?.toLowerCase() ?? '';
  return SAFE_EXTENSION.test(subtype) ? subtype : 'img';
}

/** avatars/{userId}-{timestamp}.{ext}, a new path per upload: a path the server lets only its user write (server/src/storage/paths.ts). */
export function avatarPath(userId: string, nowMs: number, file: Pick<PickedFile, 'name' | 'type'>) {
  return `avatars/${userId}-${Math.trunc(nowMs)}.${avatarExtension(file)}`;
}
