/**
 * Where a social photo's two files live, the links a reader opens them by, and their deletion.
 *
 * Each photo is stored twice (photo-store.ts) under a 128-bit random name in an area of the
 * troop's storage. The troop area (`troop/`) is readable by every signed-in member through the
 * storage API's `/download` by name, and a reader learns a photo's name from the links the feed
 * hands them, so a member who once saw a photo could keep fetching it after it was hidden or
 * after they left the channel. The photos therefore go to the `social/` area when the roles
 * configuration lets no member read it (docs/roles.md, `nobody`): there only the signed links
 * below open them, each for an hour. A configuration that leaves `social/` open (its default
 * rule `*` is public) keeps them in `troop/social/`, never in a public area.
 */
import type { ReadyDeps } from '../deps.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { areaRuleOf, type StorageRules } from '../storage/area-rules.ts';
import { deleteFileRecord } from '../storage/files-table.ts';
import { fileUrl, keyOf, storageContextOf } from '../storage/storage-context.ts';

export type PhotoDeps = Pick<ReadyDeps, 'store' | 'files' | 'clock' | 'config' | 'jwtSecret'>;
export type PhotoTroop = Pick<Troop, 'id' | 'projectId'>;

/** The area nobody but a signed link opens, once the roles configuration says so. */
export const SOCIAL_PHOTO_AREA = 'social/';
/** Where photos go while `social/` is readable by someone: members only, never public. */
export const SOCIAL_PHOTO_FALLBACK = 'troop/social/';

/** The folder new photos are stored in under these storage rules. */
export function socialPhotoFolder(rules: StorageRules): string {
  const read = areaRuleOf(rules, `${SOCIAL_PHOTO_AREA}x`).read;
  return read.every((who) => who === 'nobody') ? SOCIAL_PHOTO_AREA : SOCIAL_PHOTO_FALLBACK;
}

/** A photo's two files, by their storage paths (the `social_photos` row's columns). */
export interface PhotoFiles {
  path: string;
  thumbPath: string;
}

/** Links for the hour that open the photo's two sizes (storage/storage-context.ts `fileUrl`). */
export function photoLinks(
  deps: PhotoDeps,
  troop: PhotoTroop,
  files: PhotoFiles,
): { url: string; thumbUrl: string } {
  const ctx = storageContextOf(deps, troop);
  return { url: fileUrl(ctx, files.path), thumbUrl: fileUrl(ctx, files.thumbPath) };
}

export type PhotoSelection = { postId: string } | { photoIds: readonly string[] };

/**
 * Deletes the rows of the selected photos of the troop and answers their files, which the
 * caller deletes with deletePhotoFiles once its transaction has committed: a caller that
 * changes a post in a transaction passes it as `db`, so the rows and the post change together.
 */
export async function takeSocialPhotos(
  db: Queryable,
  troopId: string,
  where: PhotoSelection,
): Promise<PhotoFiles[]> {
  let sql = 'DELETE FROM social_photos WHERE troop_id = ? AND ';
  const args: unknown[] = [troopId];
  if ('postId' in where) {
    sql += 'post_id = ?';
    args.push(where.postId);
  } else {
    if (where.photoIds.length === 0) return [];
    sql += `id IN (${where.photoIds.map(() => '?').join(', ')})`;
    args.push(...where.photoIds);
  }
  const { rows } = await db.query<{ path: string; thumb_path: string }>(
    `${sql} RETURNING path, thumb_path`,
    args,
  );
  return rows.map((r) => ({ path: r.path, thumbPath: r.thumb_path }));
}

/** Deletes both files of each photo from the file store, and their `files` records. */
export async function deletePhotoFiles(
  deps: PhotoDeps,
  troop: PhotoTroop,
  photos: readonly PhotoFiles[],
): Promise<void> {
  const ctx = storageContextOf(deps, troop);
  for (const photo of photos)
    for (const path of [photo.path, photo.thumbPath]) {
      const key = keyOf(ctx, path, 'write');
      await ctx.files.remove(key);
      await deleteFileRecord(ctx.store, key);
    }
}

/**
 * Deletes the selected photos of the troop: their rows, then the files of both sizes. Outside a
 * transaction; inside one, takeSocialPhotos then deletePhotoFiles after the commit.
 */
export async function deleteSocialPhotos(
  deps: PhotoDeps,
  troop: PhotoTroop,
  where: PhotoSelection,
): Promise<number> {
  const photos = await takeSocialPhotos(deps.store, troop.id, where);
  await deletePhotoFiles(deps, troop, photos);
  return photos.length;
}
