/**
 * What the feed's routes take and answer (feed-routes.ts), as zod schemas checked before a
 * handler runs, so a route never sends a field its wire type (protocol/src/social.ts) does not
 * name. The bounds are the protocol's SOCIAL_LIMITS; what a schema cannot say (a post with
 * neither words nor photos, a channel the troop has) is the handlers' own check, in
 * SOCIAL_MESSAGES' words.
 */
import {
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  SOCIAL_REACTIONS,
  SOCIAL_STATUSES,
  isSocialChannelId,
  type SocialChannelId,
  type WireSocialComment,
  type WireSocialHome,
  type WireSocialPage,
  type WireSocialPost,
  type WireSocialThread,
} from '@scout/protocol/social';
import { z } from 'zod';

const id = z.string().min(1).max(200);
export const projectOnly = z.object({ projectId: z.string().max(200) });
export const postParams = projectOnly.extend({ postId: id });
export const commentParams = projectOnly.extend({ commentId: id });
export const reactionParams = postParams.extend({ reaction: z.enum(SOCIAL_REACTIONS) });

const channel = z
  .string()
  .max(80)
  .refine(isSocialChannelId, { message: 'Choose a channel of the troop' })
  .transform((c) => c as SocialChannelId);

export const pageQuery = z
  .object({
    channel: channel.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(SOCIAL_LIMITS.pageMax).optional(),
  })
  .strict();

/** A reaction is all in its path (an empty object, or no body). */
export const noBody = z.object({}).strict().nullish();

export const membersQuery = z.object({ channel }).strict();

const mentions = z
  .array(id)
  .max(SOCIAL_LIMITS.mentionsPerPost, {
    message: `Mention at most ${SOCIAL_LIMITS.mentionsPerPost} members`,
  })
  .optional();

export const postBody = z
  .object({
    channel,
    body: z.string().max(SOCIAL_LIMITS.bodyMaxChars, { message: SOCIAL_MESSAGES.bodyTooLong }),
    photos: z
      .array(
        z
          .object({
            id,
            tags: z
              .array(id)
              .max(SOCIAL_LIMITS.tagsPerPhoto, {
                message: `Tag at most ${SOCIAL_LIMITS.tagsPerPhoto} scouts in a photo`,
              })
              .optional(),
          })
          .strict(),
      )
      .max(SOCIAL_LIMITS.photosPerPost, {
        message: `A post has at most ${SOCIAL_LIMITS.photosPerPost} photos`,
      })
      .optional(),
    mentions,
  })
  .strict();

export const commentBody = z
  .object({
    body: z
      .string()
      .max(SOCIAL_LIMITS.commentMaxChars, { message: SOCIAL_MESSAGES.commentTooLong }),
    mentions,
  })
  .strict();

const person = z.object({ userId: z.string().nullable(), name: z.string(), youth: z.boolean() });
const moderation = z
  .object({
    action: z.enum(['hide', 'remove']),
    reason: z.string(),
    by: z.string(),
    at: z.string(),
  })
  .nullable();
const status = z.enum(SOCIAL_STATUSES);
const channelId = z.union([
  z.literal('troop'),
  z.literal('leaders'),
  z.templateLiteral(['patrol:', z.string()]),
]);
const reactionCounts = z.partialRecord(z.enum(SOCIAL_REACTIONS), z.number());

/** A post as protocol/src/social.ts `WireSocialPost` says. */
export const wireSocialPost = z.object({
  id: z.string(),
  channel: channelId,
  channelName: z.string(),
  author: person,
  body: z.string(),
  photos: z.array(
    z.object({
      id: z.string(),
      width: z.number(),
      height: z.number(),
      url: z.string(),
      thumbUrl: z.string(),
      thumbWidth: z.number(),
      thumbHeight: z.number(),
      tags: z.array(z.object({ scoutId: z.string(), name: z.string() })),
    }),
  ),
  mentions: z.array(person),
  status,
  moderation,
  locked: z.boolean(),
  createdAt: z.string(),
  commentCount: z.number(),
  reactions: reactionCounts,
  myReactions: z.array(z.enum(SOCIAL_REACTIONS)),
  mine: z.boolean(),
}) satisfies z.ZodType<WireSocialPost, unknown>;

/** A comment as protocol/src/social.ts `WireSocialComment` says. */
export const wireSocialComment = z.object({
  id: z.string(),
  postId: z.string(),
  author: person,
  body: z.string(),
  mentions: z.array(person),
  status,
  moderation,
  createdAt: z.string(),
  mine: z.boolean(),
}) satisfies z.ZodType<WireSocialComment, unknown>;

export const postAnswer = z.object({ post: wireSocialPost });
export const commentAnswer = z.object({ comment: wireSocialComment });

export const wireSocialPage = z.object({
  posts: z.array(wireSocialPost),
  next: z.string().nullable(),
}) satisfies z.ZodType<WireSocialPage, unknown>;

export const wireSocialThread = z.object({
  post: wireSocialPost,
  comments: z.array(wireSocialComment),
}) satisfies z.ZodType<WireSocialThread, unknown>;

export const wireSocialHome = z.object({
  channels: z.array(z.object({ id: channelId, name: z.string(), canPost: z.boolean() })),
  me: z.object({ youth: z.boolean(), mayPost: z.boolean(), moderator: z.boolean() }),
  settings: z.object({ youthPostsNeedApproval: z.boolean() }),
  waiting: z.number().optional(),
}) satisfies z.ZodType<WireSocialHome, unknown>;

export const reactionsAnswer = z.object({
  reactions: reactionCounts,
  myReactions: z.array(z.enum(SOCIAL_REACTIONS)),
});

export const membersAnswer = z.object({
  members: z.array(z.object({ userId: z.string(), name: z.string() })),
});
