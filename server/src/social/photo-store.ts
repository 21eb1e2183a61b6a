/**
 * A photo for a post, as uploaded: re-encoded twice (storage/images.ts `reencodeImage`), so
 * neither stored copy keeps a byte of the phone's metadata (EXIF, GPS position, colour profile)
 * and both stand upright: the photo at most 1600 px a side, its thumbnail at most 480 px, made
 * from the clean photo. Both go under one 128-bit random name (photo-files.ts for the area),
 * with a `social_photos` row naming no post yet; a photo no post takes within a day is deleted
 * at a later upload of the troop.
 */
import crypto from 'node:crypto';
import { SOCIAL_LIMITS, SOCIAL_MESSAGES, type WireSocialUpload } from '@scout/protocol/social';
import { ApiError } from '../errors.ts';
import { isoInstant } from '../store/sql-values.ts';
import { PathConflictError } from '../storage/file-store.ts';
import { deleteFileRecord, insertFile } from '../storage/files-table.ts';
import { reencodeImage, type ImageLimits, type ReencodedImage } from '../storage/images.ts';
import { discardTempFile } from '../storage/receive-upload.ts';
import { keyOf, storageContextOf, type StorageContext } from '../storage/storage-context.ts';
import {
  deletePhotoFiles,
  photoLinks,
  socialPhotoFolder,
  type PhotoDeps,
  type PhotoTroop,
} from './photo-files.ts';

export const SOCIAL_PHOTO_LIMITS: ImageLimits = {
  maxBytes: SOCIAL_LIMITS.photoMaxBytes,
  maxDimension: SOCIAL_LIMITS.photoMaxDimension,
  maxInputPixels: SOCIAL_LIMITS.photoMaxMegapixels * 1_000_000,
  tooLarge: SOCIAL_MESSAGES.photoTooLarge,
  notImage: SOCIAL_MESSAGES.photoNotImage,
  tooManyPixels: SOCIAL_MESSAGES.photoTooManyPixels,
  notImageCode: 'UNSUPPORTED_MEDIA_TYPE',
};

/** The thumbnail is made from the clean photo the server just wrote, whatever its size. */
const THUMB_LIMITS: ImageLimits = {
  ...SOCIAL_PHOTO_LIMITS,
  maxBytes: Number.MAX_SAFE_INTEGER,
  maxDimension: SOCIAL_LIMITS.thumbMaxDimension,
};

/**
 * Publishes a clean temporary file under `path`, with its `files` record. The file is the
 * feed's, owned by no account (the row's `uploader_id` says who sent it): the storage API's
 * `owner` rules then give the uploader no way to replace or remove it behind the feed's back.
 */
async function publish(
  ctx: StorageContext,
  path: string,
  file: string,
  image: ReencodedImage,
): Promise<string> {
  const key = keyOf(ctx, path, 'write');
  const record = {
    path: key,
    troopId: ctx.troopId,
    ownerId: null,
    contentType: image.contentType,
    size: image.size,
    createdAt: isoInstant(ctx.now()),
  };
  // 128 random bits never meet a name in use; if they did, nothing is overwritten.
  if (!(await insertFile(ctx.store, record)))
    throw new ApiError('CONFLICT', 'The photo could not be stored, please send it again');
  try {
    await ctx.files.put(key, file, { contentType: image.contentType, size: image.size });
  } catch (err) {
    await deleteFileRecord(ctx.store, key);
    // A file stored by hand at the photos' folder name leaves no folder for them.
    if (err instanceof PathConflictError)
      throw new ApiError('CONFLICT', 'A stored file is in the way of the photos');
    throw err;
  }
  return key;
}

/**
 * Re-encodes the upload in `tempFile` into its two sizes, stores them and records the photo as
 * the uploader's, unused. The caller discards `tempFile`.
 */
export async function storeSocialPhoto(
  deps: PhotoDeps,
  troop: PhotoTroop,
  uploaderId: string,
  tempFile: string,
  size: number,
): Promise<WireSocialUpload> {
  const ctx = storageContextOf(deps, troop);
  const full = await ctx.files.createTempFile();
  const thumb = await ctx.files.createTempFile();
  const published: string[] = [];
  try {
    const image = await reencodeImage(tempFile, size, full, SOCIAL_PHOTO_LIMITS);
    const small = await reencodeImage(full, image.size, thumb, THUMB_LIMITS);
    const name = `${socialPhotoFolder(ctx.rules)}${crypto.randomBytes(16).toString('hex')}`;
    const files = { path: `${name}.${image.ext}`, thumbPath: `${name}-thumb.${small.ext}` };
    published.push(await publish(ctx, files.path, full, image));
    published.push(await publish(ctx, files.thumbPath, thumb, small));
    const id = crypto.randomUUID();
    await ctx.store.query(
      `INSERT INTO social_photos (id, troop_id, post_id, uploader_id, position, path, thumb_path,
         width, height, thumb_width, thumb_height, created_at)
       VALUES (?, ?, NULL, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        troop.id,
        uploaderId,
        files.path,
        files.thumbPath,
        image.width,
        image.height,
        small.width,
        small.height,
        isoInstant(ctx.now()),
      ],
    );
    published.length = 0;
    return {
      id,
      width: image.width,
      height: image.height,
      thumbUrl: photoLinks(deps, troop, files).thumbUrl,
    };
  } finally {
    // A photo half stored (the thumbnail refused, the row not written) leaves nothing behind.
    for (const key of published) {
      await ctx.files.remove(key);
      await deleteFileRecord(ctx.store, key);
    }
    await discardTempFile(full);
    await discardTempFile(thumb);
  }
}

/** Deletes the troop's photos no post took within SOCIAL_LIMITS.unusedPhotoHours. */
export async function deleteUnusedPhotos(deps: PhotoDeps, troop: PhotoTroop): Promise<number> {
  const before = isoInstant(deps.clock.now() - SOCIAL_LIMITS.unusedPhotoHours * 3_600_000);
  // One statement: a post that names a photo at the same moment either keeps it or finds it gone.
  const { rows } = await deps.store.query<{ path: string; thumb_path: string }>(
    `DELETE FROM social_photos WHERE troop_id = ? AND post_id IS NULL AND created_at < ?
     RETURNING path, thumb_path`,
    [troop.id, before],
  );
  await deletePhotoFiles(
    deps,
    troop,
    rows.map((r) => ({ path: r.path, thumbPath: r.thumb_path })),
  );
  return rows.length;
}
