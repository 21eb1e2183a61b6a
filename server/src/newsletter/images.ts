/**
 * A post's images (docs/decisions/081-newsletter-posts.md, Images): re-encoded like avatars
 * (storage/images.ts) within the newsletter's limits, and kept in the troop's own storage area
 * under a name nobody can guess, `troop/newsletter/<128-bit random>.<ext>`. They are never
 * public: the app shows them through signed links, the mail carries them inline (post-images.ts).
 */
import crypto from 'node:crypto';
import {
  NEWSLETTER_IMAGE_MAX_BYTES,
  NEWSLETTER_IMAGE_MAX_DIMENSION,
  NEWSLETTER_IMAGE_MAX_MEGAPIXELS,
  NEWSLETTER_IMAGE_NOT_IMAGE,
  NEWSLETTER_IMAGE_TOO_LARGE,
  NEWSLETTER_IMAGE_TOO_MANY_PIXELS,
} from '@scout/protocol/newsletter';
import { ApiError } from '../errors.ts';
import { isoInstant } from '../store/sql-values.ts';
import { PathConflictError } from '../storage/file-store.ts';
import { deleteFileRecord, insertFile } from '../storage/files-table.ts';
import { reencodeImage, type ImageLimits } from '../storage/images.ts';
import { discardTempFile } from '../storage/receive-upload.ts';
import { keyOf, type StorageContext } from '../storage/storage-context.ts';
import { NEWSLETTER_IMAGE_FOLDER, storagePrefix } from './url-policy.ts';

export const NEWSLETTER_IMAGE_LIMITS: ImageLimits = {
  maxBytes: NEWSLETTER_IMAGE_MAX_BYTES,
  maxDimension: NEWSLETTER_IMAGE_MAX_DIMENSION,
  maxInputPixels: NEWSLETTER_IMAGE_MAX_MEGAPIXELS * 1_000_000,
  tooLarge: NEWSLETTER_IMAGE_TOO_LARGE,
  notImage: NEWSLETTER_IMAGE_NOT_IMAGE,
  tooManyPixels: NEWSLETTER_IMAGE_TOO_MANY_PIXELS,
  notImageCode: 'UNSUPPORTED_MEDIA_TYPE',
};

export interface StoredImage {
  /** The image's address as a post names it (docs/protocol.md, Newsletter). */
  src: string;
  width: number;
  height: number;
}

/**
 * Re-encodes the upload in `tempFile` and stores the clean copy in the context's troop. The
 * caller discards `tempFile`; the clean copy is the file store's once published.
 */
export async function storeNewsletterImage(
  ctx: StorageContext,
  ownerId: string | null,
  tempFile: string,
  size: number,
): Promise<StoredImage> {
  const clean = await ctx.files.createTempFile();
  try {
    const image = await reencodeImage(tempFile, size, clean, NEWSLETTER_IMAGE_LIMITS);
    const path = `${NEWSLETTER_IMAGE_FOLDER}${crypto.randomBytes(16).toString('hex')}.${image.ext}`;
    const key = keyOf(ctx, path, 'write');
    const record = {
      path: key,
      troopId: ctx.troopId,
      ownerId,
      contentType: image.contentType,
      size: image.size,
      createdAt: isoInstant(ctx.now()),
    };
    // 128 random bits never meet a name in use; if they did, nothing is overwritten.
    if (!(await insertFile(ctx.store, record)))
      throw new ApiError('CONFLICT', 'The image could not be stored, please send it again');
    try {
      await ctx.files.put(key, clean, { contentType: image.contentType, size: image.size });
    } catch (err) {
      await deleteFileRecord(ctx.store, key);
      // A file stored by hand at `troop/newsletter` leaves no folder for the images.
      if (err instanceof PathConflictError)
        throw new ApiError('CONFLICT', 'A file in the troop area is in the way of the images');
      throw err;
    }
    return {
      src: `${storagePrefix(ctx.projectId)}${path}`,
      width: image.width,
      height: image.height,
    };
  } finally {
    await discardTempFile(clean);
  }
}
