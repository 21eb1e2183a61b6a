/**
 * The profile fields a caller may set (display name, avatar URL, metadata), checked the same way
 * at sign-up and on PATCH /me.
 */
import { DISPLAY_NAME_MAX_LENGTH, METADATA_MAX_BYTES } from '@scout/protocol/limits';
import { badRequest } from '../errors.ts';

export const AVATAR_URL_MAX_LENGTH = 2048;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** undefined: not sent; null: clear it. An empty or blank name clears it too. */
export function readDisplayName(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw badRequest('displayName must be a string');
  const name = value.trim();
  if (name.length > DISPLAY_NAME_MAX_LENGTH)
    throw badRequest(`displayName must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);
  if (CONTROL_CHARS.test(name)) throw badRequest('displayName must not contain control characters');
  return name === '' ? null : name;
}

/**
 * An avatar is an http(s) URL or one of our own stored files (`/api/storage/...`). Anything
 * else (javascript:, data:, protocol-relative `//host`) could run or leak when shown as an image.
 */
export function readAvatarUrl(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest('avatarUrl must be a string');
  if (value.length > AVATAR_URL_MAX_LENGTH)
    throw badRequest(`avatarUrl must be at most ${AVATAR_URL_MAX_LENGTH} characters`);
  if (/\s/.test(value) || CONTROL_CHARS.test(value) || value.includes('\\'))
    throw badRequest('avatarUrl must be a URL');
  if (value.startsWith('/')) {
    if (
      !value.startsWith('/api/storage/') ||
      value.includes('//') ||
      /(^|\/)\.\.?(\/|$|\?)/.test(value)
    ) {
      throw badRequest('avatarUrl must be an http(s) URL or a /api/storage/ path');
    }
    return value;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest('avatarUrl must be an http(s) URL or a /api/storage/ path');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('avatarUrl must be an http(s) URL or a /api/storage/ path');
  return value;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Metadata arrives as an object or as a JSON string of one (clients differ). */
export function readMetadata(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.length > METADATA_MAX_BYTES)
      throw badRequest(`metadata must be at most ${METADATA_MAX_BYTES} bytes`);
    try {
      parsed = JSON.parse(value, (k, v: unknown) => (k === '__proto__' ? undefined : v));
    } catch {
      throw badRequest('metadata must be a JSON object');
    }
  }
  if (!isPlainObject(parsed)) throw badRequest('metadata must be a JSON object');
  return parsed;
}

/** Metadata as stored and sent: JSON text of an object, at most METADATA_MAX_BYTES. */
export function metadataText(metadata: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(metadata);
  } catch {
    // Nesting deep enough to exhaust the stack.
    throw badRequest('metadata is nested too deeply');
  }
  if (Buffer.byteLength(text, 'utf8') > METADATA_MAX_BYTES)
    throw badRequest(`metadata must be at most ${METADATA_MAX_BYTES} bytes`);
  return text;
}

/** Stored metadata as an object; a damaged value reads as empty rather than failing the call. */
export function storedMetadata(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
