/**
 * Upload, download, remove and serve, as plain functions over the `files` table and a FileStore.
 * Order of checks on upload: the path (400), who may write it (403), what the bytes are (400,
 * 413), whether the path is taken (409) or someone else's (403); only then is a file published.
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import type { Store } from '../store/store.ts';
import {
  OCTET_STREAM,
  STORED_FILE_CSP,
  contentDisposition,
  detectContentType,
  isInlineSafe,
} from './content-type.ts';
import { PathConflictError, type FileStore, type OpenedObject } from './file-store.ts';
import {
  deleteFileRecord,
  findFile,
  findPathConflict,
  insertFile,
  upsertFile,
  type FileRecord,
} from './files-table.ts';
import { reencodeAvatar } from './images.ts';
import {
  baseName,
  checkStoragePath,
  encodeStoragePath,
  isAvatarPath,
  mayModifyFile,
  mayWritePath,
  type StorageActor,
} from './paths.ts';
import { discardTempFile, type ReceivedUpload } from './receive-upload.ts';

export interface StorageContext {
  store: Store;
  files: FileStore;
  now: () => number;
  publicUrl: string;
  projectId: string;
}

const OWN_PATHS_ONLY =
  'You can only write your own avatar (avatars/{userId}-{timestamp}.{ext}) or files under users/{userId}/';
const NOT_YOUR_FILE = 'This file belongs to another user';
const PATH_IN_USE =
  'A file already uses part of this path as a folder, or a folder uses it as a file';

export function parsePath(raw: unknown): string {
  const checked = checkStoragePath(raw);
  if (!checked.ok) throw badRequest(UI_MESSAGES.storageInvalid);
  return checked.path;
}

export const objectUrl = (ctx: StorageContext, path: string) =>
  `${ctx.publicUrl}/api/storage/${encodeURIComponent(ctx.projectId)}/object/${encodeStoragePath(path)}`;

/** `options` is a JSON string (`{"upsert":true}`); a JSON-typed part arrives already parsed. */
function parseUpsert(fields: Record<string, unknown>): boolean {
  let options = fields.options;
  if (typeof options === 'string' && options.trim() !== '') {
    try {
      options = JSON.parse(options);
    } catch {
      throw badRequest(UI_MESSAGES.storageInvalid);
    }
  }
  const upsert =
    options && typeof options === 'object'
      ? (options as { upsert?: unknown }).upsert
      : fields.upsert;
  return upsert === true || upsert === 'true';
}

const ownerOf = (actor: StorageActor) => (actor.kind === 'user' ? actor.userId : null);

/** Stores an upload whose bytes are already in `upload.tempFile`; the caller discards that file. */
export async function storeUpload(
  ctx: StorageContext,
  actor: StorageActor,
  upload: ReceivedUpload,
): Promise<{ publicUrl: string }> {
  const path = parsePath(upload.fields.path);
  if (!upload.tempFile) throw badRequest(UI_MESSAGES.storageInvalid);
  const upsert = parseUpsert(upload.fields);
  if (!mayWritePath(actor, path)) throw forbidden(OWN_PATHS_ONLY);

  let source = upload.tempFile;
  let size = upload.size;
  let contentType: string;
  let cleanCopy: string | undefined;
  try {
    if (isAvatarPath(path)) {
      cleanCopy = await ctx.files.createTempFile();
      ({ contentType, size } = await reencodeAvatar(source, size, cleanCopy));
      source = cleanCopy;
    } else {
      contentType = await detectContentType(source);
    }

    const existing = await findFile(ctx.store, path);
    const existsUnrecorded = !existing && (await ctx.files.stat(path)) !== null;
    if ((existing || existsUnrecorded) && !upsert) throw conflict(UI_MESSAGES.storageExists);
    if ((existing || existsUnrecorded) && !mayModifyFile(actor, path, existing))
      throw forbidden(NOT_YOUR_FILE);
    if (await findPathConflict(ctx.store, path)) throw conflict(PATH_IN_USE);

    const record = {
      path,
      ownerId: ownerOf(actor),
      contentType,
      size,
      createdAt: new Date(ctx.now()).toISOString(),
    };
    if (!existing && !upsert) {
      // The row is claimed before the bytes land, so of two uploads racing for a new path
      // exactly one wins and the other gets the 409 without touching the winner's file.
      if (!(await insertFile(ctx.store, record))) throw conflict(UI_MESSAGES.storageExists);
      try {
        await publish(ctx, path, source, contentType, size);
      } catch (err) {
        await deleteFileRecord(ctx.store, path);
        throw err;
      }
    } else {
      await publish(ctx, path, source, contentType, size);
      await upsertFile(ctx.store, record);
    }
  } finally {
    await discardTempFile(cleanCopy);
  }
  return { publicUrl: objectUrl(ctx, path) };
}

async function publish(
  ctx: StorageContext,
  path: string,
  source: string,
  contentType: string,
  size: number,
) {
  try {
    await ctx.files.put(path, source, { contentType, size });
  } catch (err) {
    if (err instanceof PathConflictError) throw conflict(PATH_IN_USE);
    throw err;
  }
}

/** Control characters and path separators: exactly what a download name may not hold. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_NAME_CHARACTERS = new RegExp('[\\u0000-\\u001f\\u007f/\\\\]', 'g');

/** A safe file name for the download: the one asked for, else the path's last segment. */
function downloadName(path: string, requested: unknown): string {
  const name =
    typeof requested === 'string' ? requested.replace(UNSAFE_NAME_CHARACTERS, '').trim() : '';
  return (name || baseName(path)).slice(0, 255);
}

export async function describeDownload(
  ctx: StorageContext,
  rawPath: unknown,
  requestedName: unknown,
): Promise<{ downloadUrl: string; filename: string; contentType: string; size: number }> {
  const path = parsePath(rawPath);
  const record = await findFile(ctx.store, path);
  const object = await ctx.files.stat(path);
  if (!object) throw notFound(UI_MESSAGES.storageNotFound);
  const filename = downloadName(path, requestedName);
  return {
    downloadUrl: `${objectUrl(ctx, path)}?download=${encodeURIComponent(filename)}`,
    filename,
    contentType: record?.contentType ?? 'application/octet-stream',
    size: object.size,
  };
}

/** Removes files; all or nothing: one path the caller may not touch refuses the whole call. */
export async function removeFiles(
  ctx: StorageContext,
  actor: StorageActor,
  rawPaths: readonly unknown[],
): Promise<string[]> {
  const paths = [...new Set(rawPaths.map(parsePath))];
  const found: string[] = [];
  for (const path of paths) {
    const record = await findFile(ctx.store, path);
    if (!record && !(await ctx.files.stat(path))) continue;
    if (!mayModifyFile(actor, path, record)) throw forbidden(NOT_YOUR_FILE);
    found.push(path);
  }
  for (const path of found) {
    // Bytes first: a crash in between leaves a row pointing at nothing (a 404), never an
    // unowned file nobody may remove.
    await ctx.files.remove(path);
    await deleteFileRecord(ctx.store, path);
  }
  return found;
}

export interface ServedFile {
  object: OpenedObject;
  headers: Record<string, string>;
  etag: string;
}

/**
 * The bytes behind a public URL, fetched with no Authorization header (an <img> tag cannot send
 * one). Every response carries the sandboxing policy; only safe images, PDF and plain text are
 * shown inline, and `?download=name` always makes an attachment.
 */
export async function openStoredFile(
  ctx: StorageContext,
  rawPath: unknown,
  downloadParam: unknown,
): Promise<ServedFile> {
  const path = parsePath(rawPath);
  const object = await ctx.files.open(path);
  if (!object) throw notFound(UI_MESSAGES.storageNotFound);
  let record: FileRecord | null;
  try {
    record = await findFile(ctx.store, path);
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
