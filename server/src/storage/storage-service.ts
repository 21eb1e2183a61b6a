/**
 * Upload and remove, as plain functions over the `files` table and a FileStore.
 * Order of checks on upload: the path (400), who may write it (403), what the bytes are (400,
 * 413), whether the path is taken (409) or someone else's (403); only then is a file published.
 * Reading files is downloads.ts; the context and file addresses are storage-context.ts.
 */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { ApiError } from '../errors.ts';
import { detectContentType } from './content-type.ts';
import { PathConflictError } from './file-store.ts';
import {
  deleteFileRecord,
  findFile,
  findPathConflict,
  insertFile,
  upsertFile,
} from './files-table.ts';
import { reencodeAvatar } from './images.ts';
import { assertAccountInTroop } from './account-areas.ts';
import { areaRuleOf } from './area-rules.ts';
import {
  isAvatarPath,
  isTroopPath,
  mayModifyFile,
  mayWritePath,
  type StorageActor,
} from './paths.ts';
import { discardTempFile, type ReceivedUpload } from './receive-upload.ts';
import { readUploadFields } from './upload-fields.ts';
import { fileUrl, keyOf, parsePath, type StorageContext } from './storage-context.ts';

export { describeDownload, openStoredFile, type ServedFile } from './downloads.ts';
export {
  fileUrl,
  keyOf,
  objectUrl,
  parsePath,
  storageActorOf,
  storageContextOf,
  type StorageContext,
} from './storage-context.ts';
import { isoInstant } from '../store/sql-values.ts';

const OWN_PATHS_ONLY =
  'You can only write your own avatar (avatars/{userId}-{timestamp}.{ext}) or files under users/{userId}/';
const TROOP_AREA_ONLY_FOR_WRITERS = 'Only leaders may change files in the troop area (troop/)';
const NOT_YOUR_FILE = 'This file belongs to another user';
const NOT_YOUR_AREA = 'Your role may not write files in this area';
const PATH_IN_USE =
  'A file already uses part of this path as a folder, or a folder uses it as a file';

function refusal(ctx: StorageContext, path: string): string {
  if (isTroopPath(path)) return TROOP_AREA_ONLY_FOR_WRITERS;
  return areaRuleOf(ctx.rules, path).write.includes('owner') ? OWN_PATHS_ONLY : NOT_YOUR_AREA;
}

const ownerOf = (actor: StorageActor) => (actor.kind === 'user' ? actor.userId : null);

/** Stores an upload whose bytes are already in `upload.tempFile`; the caller discards that file. */
export async function storeUpload(
  ctx: StorageContext,
  actor: StorageActor,
  upload: ReceivedUpload,
): Promise<{ publicUrl: string }> {
  const { path, upsert } = readUploadFields(upload.fields);
  if (!upload.tempFile) throw new ApiError('VALIDATION_ERROR', UI_MESSAGES.storageInvalid);
  if (!mayWritePath(actor, path, ctx.rules)) throw new ApiError('FORBIDDEN', refusal(ctx, path));
  await assertAccountInTroop(ctx.store, ctx.troopId, actor, path);
  // The troop's file: its key in the file store and in `files` (troop-files.ts).
  const key = keyOf(ctx, path, 'write');

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

    const existing = await findFile(ctx.store, key);
    const existsUnrecorded = !existing && (await ctx.files.stat(key)) !== null;
    if ((existing || existsUnrecorded) && !upsert)
      throw new ApiError('CONFLICT', UI_MESSAGES.storageExists);
    if ((existing || existsUnrecorded) && !mayModifyFile(actor, path, existing, ctx.rules))
      throw new ApiError(
        'FORBIDDEN',
        isTroopPath(path) ? TROOP_AREA_ONLY_FOR_WRITERS : NOT_YOUR_FILE,
      );
    if (await findPathConflict(ctx.store, key)) throw new ApiError('CONFLICT', PATH_IN_USE);

    const record = {
      path: key,
      troopId: ctx.troopId,
      ownerId: ownerOf(actor),
      contentType,
      size,
      createdAt: isoInstant(ctx.now()),
    };
    if (!existing && !upsert) {
      // The row is claimed before the bytes land, so of two uploads racing for a new path
      // exactly one wins and the other gets the 409 without touching the winner's file.
      if (!(await insertFile(ctx.store, record)))
        throw new ApiError('CONFLICT', UI_MESSAGES.storageExists);
      try {
        await publish(ctx, key, source, contentType, size);
      } catch (err) {
        await deleteFileRecord(ctx.store, key);
        throw err;
      }
    } else {
      await publish(ctx, key, source, contentType, size);
      await upsertFile(ctx.store, record);
    }
  } finally {
    await discardTempFile(cleanCopy);
  }
  return { publicUrl: fileUrl(ctx, path) };
}

async function publish(
  ctx: StorageContext,
  key: string,
  source: string,
  contentType: string,
  size: number,
) {
  try {
    await ctx.files.put(key, source, { contentType, size });
  } catch (err) {
    if (err instanceof PathConflictError) throw new ApiError('CONFLICT', PATH_IN_USE);
    throw err;
  }
}

/** Removes files; all or nothing: one path the caller may not touch refuses the whole call. */
export async function removeFiles(
  ctx: StorageContext,
  actor: StorageActor,
  rawPaths: readonly unknown[],
): Promise<string[]> {
  const paths = [...new Set(rawPaths.map(parsePath))];
  const found: { path: string; key: string }[] = [];
  for (const path of paths) {
    const key = keyOf(ctx, path, 'write');
    const record = await findFile(ctx.store, key);
    if (!record && !(await ctx.files.stat(key))) continue;
    if (!mayModifyFile(actor, path, record, ctx.rules))
      throw new ApiError(
        'FORBIDDEN',
        isTroopPath(path) ? TROOP_AREA_ONLY_FOR_WRITERS : NOT_YOUR_FILE,
      );
    await assertAccountInTroop(ctx.store, ctx.troopId, actor, path);
    found.push({ path, key });
  }
  for (const { key } of found) {
    // Bytes first: a crash in between leaves a row pointing at nothing (a 404), never an
    // unowned file nobody may remove.
    await ctx.files.remove(key);
    await deleteFileRecord(ctx.store, key);
  }
  return found.map((f) => f.path);
}
