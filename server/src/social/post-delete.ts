/**
 * An author deletes their own post: its row goes with its comments, reactions, tags and
 * reports (migration 054 cascades), and its photos' files are deleted from storage once the
 * rows are gone (photo-files.ts). Someone who sees the post but did not write it is 403; who
 * does not see it, 404.
 */
import { SOCIAL_MESSAGES } from '@scout/protocol/social';
import { ApiError } from '../errors.ts';
import { announceSocial } from './announce.ts';
import { seenPost } from './seen-items.ts';
import { deletePhotoFiles, takeSocialPhotos, type PhotoFiles } from './photo-files.ts';
import { authorOf, type SocialRequest } from './request-context.ts';

export async function deletePost(r: SocialRequest, postId: string): Promise<{ postId: string }> {
  const post = await seenPost(r, postId);
  if (post.authorId !== authorOf(r)) throw new ApiError('FORBIDDEN', SOCIAL_MESSAGES.authorOnly);
  let files: PhotoFiles[] = [];
  await r.deps.store.transaction(async (tx) => {
    files = await takeSocialPhotos(tx, r.troop.id, { postId: post.id });
    await tx.query('DELETE FROM social_posts WHERE troop_id = ? AND id = ?', [r.troop.id, post.id]);
  });
  await deletePhotoFiles(r.deps, r.troop, files);
  announceSocial(r.deps, r.troop, post.channel, post.id);
  return { postId: post.id };
}
