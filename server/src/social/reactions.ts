/**
 * Reactions to a post: one row a member, post and reaction. Adding one asks what a comment
 * asks (a visible post, a reader of its channel who may post, not a service key); taking one's
 * own back asks only that the caller sees the post. Either answers the post's counts and the
 * caller's own reactions, and is announced on the post's channel.
 */
import type { SocialReaction } from '@scout/protocol/social';
import { isoInstant } from '../store/sql-values.ts';
import { announceSocial } from './announce.ts';
import { requireOpenPost } from './comments.ts';
import { seenPost } from './seen-items.ts';
import { requirePoster } from './post-create.ts';
import { authorOf, type SocialRequest } from './request-context.ts';
import { wirePosts } from './wire-items.ts';

export async function setReaction(
  r: SocialRequest,
  postId: string,
  reaction: SocialReaction,
  on: boolean,
) {
  const post = await seenPost(r, postId);
  const userId = on ? requirePoster(r) : authorOf(r);
  if (on) {
    requireOpenPost(r, post);
    await r.deps.store.query(
      `INSERT INTO social_reactions (post_id, user_id, reaction, troop_id, created_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT (post_id, user_id, reaction) DO NOTHING`,
      [post.id, userId, reaction, r.troop.id, isoInstant(r.deps.clock.now())],
    );
  } else {
    await r.deps.store.query(
      'DELETE FROM social_reactions WHERE troop_id = ? AND post_id = ? AND user_id = ? AND reaction = ?',
      [r.troop.id, post.id, userId, reaction],
    );
  }
  announceSocial(r.deps, r.troop, post.channel, post.id);
  const [wired] = await wirePosts(r, [post]);
  return { reactions: wired!.reactions, myReactions: wired!.myReactions };
}
