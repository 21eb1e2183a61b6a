/**
 * Reading stored files: the download link a member asks for, and the bytes behind a file's URL
 * with the headers that keep them harmless in a browser. Apart from the uploads and removals
 * (storage-service.ts) because reading never changes a file and has its own rules: a file the
 * reader may not see is answered as if it did not exist.
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { withoutHiddenTextControls } from '@scout/protocol/file-names';
import { ApiError } from '../errors.ts';
import { OCTET_STREAM, STORED_FILE_CSP, contentDisposition, isInlineSafe } from './content-type.ts';
import type { OpenedObject } from './file-store.ts';
import { findFile, type FileRecord } from './files-table.ts';
import { isPublicPath } from './area-rules.ts';
import { baseName, mayReadFile, type StorageActor } from './paths.ts';
import { isSignatureValid, type UrlSignature } from './signed-urls.ts';
import { fileUrl, keyOf, parsePath, type StorageContext } from './storage-context.ts';

/** Control characters and path separators: exactly what a download name may not hold. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_NAME_CHARACTERS = new RegExp('[\\u0000-\\u001f\\u007f/\\\\]', 'g');

/**
 * A safe file name for the download: the one asked for, else the path's last segment, without
 * the characters that would make it read as another name (a file stored before uploads refused
 * them, or asked for in `filename`).
 */
function downloadName(path: string, requested: unknown): string {
  const clean = (name: string) =>
    withoutHiddenTextControls(name.replace(UNSAFE_NAME_CHARACTERS, '')).trim();
  const name = typeof requested === 'string' ? clean(requested) : '';
  return (name || clean(baseName(path)) || 'file').slice(0, 255);
}

/** A link to a file the actor may read; one they may not is answered as if it did not exist. */
export async function describeDownload(
  ctx: StorageContext,
  actor: StorageActor,
  rawPath: unknown,
  requestedName: unknown,
): Promise<{ downloadUrl: string; filename: string; contentType: string; size: number }> {
  const path = parsePath(rawPath);
  const key = keyOf(ctx, path, 'read');
  const record = await findFile(ctx.store, key);
  if (!mayReadFile(actor, path, record, ctx.rules))
    throw new ApiError('NOT_FOUND', UI_MESSAGES.storageNotFound);
  const object = await ctx.files.stat(key);
  if (!object) throw new ApiError('NOT_FOUND', UI_MESSAGES.storageNotFound);
  const filename = downloadName(path, requestedName);
  return {
    downloadUrl: fileUrl(ctx, path, [`download=${encodeURIComponent(filename)}`]),
    filename,
    contentType: record?.contentType ?? 'application/octet-stream',
    size: object.size,
  };
}

export interface ServedFile {
  object: OpenedObject;
  headers: Record<string, string>;
  etag: string;
}

/**
 * The bytes behind a public URL, fetched with no Authorization header (an <img> tag cannot send
 * one). Every response carries the sandboxing policy; only safe images, PDF and plain text are
 * shown inline, and `?download=name` always makes an attachment. A file whose area is not
 * public (the troop area) needs its link's signature; without a valid one it is answered as if
 * it did not exist.
 */
export async function openStoredFile(
  ctx: StorageContext,
  rawPath: unknown,
  downloadParam: unknown,
  signature: Partial<Record<keyof UrlSignature, unknown>> = {},
): Promise<ServedFile> {
  const path = parsePath(rawPath);
  const key = keyOf(ctx, path, 'read');
  // The signature is of the stored key: a link of one troop's file opens no other troop's.
  if (
    !isPublicPath(ctx.rules, path) &&
    !isSignatureValid(ctx.signingKey, key, signature, ctx.now())
  )
    throw new ApiError('NOT_FOUND', UI_MESSAGES.storageNotFound);
  const object = await ctx.files.open(key);
  if (!object) throw new ApiError('NOT_FOUND', UI_MESSAGES.storageNotFound);
  let record: FileRecord | null;
  try {
    record = await findFile(ctx.store, key);
  } catch (err) {
    object.stream.destroy();
    throw err;
  }
  const contentType = record?.contentType ?? OCTET_STREAM;
  const download = typeof downloadParam === 'string';
  const disposition = isInlineSafe(contentType) && !download ? 'inline' : 'attachment';
  const etag = `"${object.size.toString(36)}-${record ? Date.parse(record.updatedAt).toString(36) : '0'}"`;
  return {
    object,
    etag,
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(object.size),
      'Content-Disposition': contentDisposition(disposition, downloadName(path, downloadParam)),
      'Content-Security-Policy': STORED_FILE_CSP,
      'X-Content-Type-Options': 'nosniff',
      // Upserts replace a file under the same URL: caches revalidate with the ETag.
      'Cache-Control': 'no-cache',
      ETag: etag,
    },
  };
}
