/**
 * The profile fields a caller may set (display name, avatar URL, metadata), checked the same way
 * at sign-up and on PATCH /me.
 */
import { DISPLAY_NAME_MAX_LENGTH, METADATA_MAX_BYTES } from '@scout/protocol/limits';
import { z } from 'zod';
import { ApiError } from '../errors.ts';

export const AVATAR_URL_MAX_LENGTH = 2048;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Why an avatar URL is refused, or null. An avatar is an http(s) URL or one of our own stored
 * files (`/api/storage/...`). Anything else (javascript:, data:, protocol-relative `//host`)
 * could run or leak when shown as an image.
 */
function avatarUrlProblem(value: string): string | null {
  if (/\s/.test(value) || CONTROL_CHARS.test(value) || value.includes('\\'))
    return 'avatarUrl must be a URL';
  const refusal = 'avatarUrl must be an http(s) URL or a /api/storage/ path';
  if (value.startsWith('/')) {
    const stored =
      value.startsWith('/api/storage/') &&
      !value.includes('//') &&
      !/(^|\/)\.\.?(\/|$|\?)/.test(value);
    return stored ? null : refusal;
  }
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : refusal;
  } catch {
    return refusal;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Absent: not sent; null: clear it. An empty or blank name clears it too. */
export const displayNameField = z
  .string({ error: 'displayName must be a string' })
  .trim()
  .max(DISPLAY_NAME_MAX_LENGTH, {
    error: `displayName must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
  })
  .refine((name) => !CONTROL_CHARS.test(name), {
    error: 'displayName must not contain control characters',
  })
  .transform((name) => (name === '' ? null : name))
  .nullish();

/** Absent: not sent; null or empty: clear it. */
export const avatarUrlField = z
  .string({ error: 'avatarUrl must be a string' })
  .max(AVATAR_URL_MAX_LENGTH, {
    error: `avatarUrl must be at most ${AVATAR_URL_MAX_LENGTH} characters`,
  })
  .superRefine((value, ctx) => {
    const problem = value === '' ? null : avatarUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value === '' ? null : value))
  .nullish();

const metadataRefusal = 'metadata must be a JSON object';

/** Metadata arrives as an object or as a JSON string of one (clients differ); empty: not sent. */
export const metadataField = z
  .union(
    [
      z.record(z.string(), z.unknown()),
      z
        .string()
        .max(METADATA_MAX_BYTES, { error: `metadata must be at most ${METADATA_MAX_BYTES} bytes` })
        .transform((text, ctx) => {
          if (text === '') return undefined;
          try {
            const parsed: unknown = JSON.parse(text, (k, v: unknown) =>
              k === '__proto__' ? undefined : v,
            );
            if (isPlainObject(parsed)) return parsed;
          } catch {
            // Reported below.
          }
          ctx.addIssue({ code: 'custom', message: metadataRefusal });
          return z.NEVER;
        }),
    ],
    { error: metadataRefusal },
  )
  .nullish()
  .transform((value) => value ?? undefined);

/** A field read outside a route schema (Data API rows, a provider's claims): 400 on a bad value. */
function readWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Invalid value');
}

export const readDisplayName = (value: unknown) => readWith(displayNameField, value);
export const readAvatarUrl = (value: unknown) => readWith(avatarUrlField, value);
export const readMetadata = (value: unknown) => readWith(metadataField, value);

/** Metadata as stored and sent: JSON text of an object, at most METADATA_MAX_BYTES. */
export function metadataText(metadata: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(metadata);
  } catch {
    // Nesting deep enough to exhaust the stack.
    throw new ApiError('VALIDATION_ERROR', 'metadata is nested too deeply');
  }
  if (Buffer.byteLength(text, 'utf8') > METADATA_MAX_BYTES)
    throw new ApiError('VALIDATION_ERROR', `metadata must be at most ${METADATA_MAX_BYTES} bytes`);
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
