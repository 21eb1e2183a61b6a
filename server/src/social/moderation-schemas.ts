/**
 * What the moderation routes take and answer (moderation-routes.ts), as zod schemas checked
 * before a handler runs. The bounds are the protocol's (protocol/src/social.ts); what a schema
 * cannot say (a reason that is only spaces where one is required) is the handlers' own check,
 * in SOCIAL_MESSAGES' words.
 */
import {
  SOCIAL_LIMITS,
  SOCIAL_MODERATIONS,
  SOCIAL_REACTIONS,
  SOCIAL_STATUSES,
} from '@scout/protocol/social';
import { z } from 'zod';

const id = z.string().min(1).max(200);
export const projectOnly = z.object({ projectId: z.string().max(200) });
export const postParams = projectOnly.extend({ postId: id });
export const commentParams = projectOnly.extend({ commentId: id });
export const reportParams = projectOnly.extend({ reportId: id });

const reasonText = z.string().max(SOCIAL_LIMITS.reasonMaxChars, {
  message: `A reason is at most ${SOCIAL_LIMITS.reasonMaxChars} characters`,
});

export const moderationBody = z
  .object({ action: z.enum(SOCIAL_MODERATIONS), reason: reasonText.optional() })
  .strict();

export const reportBody = z.object({ reason: reasonText }).strict();

export const settingsBody = z.object({ youthPostsNeedApproval: z.boolean() }).strict();
export const wireSettings = z.object({ youthPostsNeedApproval: z.boolean() });

export const wireReport = z.object({
  id: z.string(),
  postId: z.string(),
  commentId: z.string().nullable(),
  reason: z.string(),
  reporter: z.string(),
  createdAt: z.string(),
});

/** Resolving takes nothing but the path (an empty object, or no body). */
export const noBody = z.object({}).strict().nullish();

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

/** A post as protocol/src/social.ts `WireSocialPost` says. */
export const wirePost = z.object({
  id: z.string(),
  channel: z.string(),
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
  reactions: z.partialRecord(z.enum(SOCIAL_REACTIONS), z.number()),
  myReactions: z.array(z.enum(SOCIAL_REACTIONS)),
  mine: z.boolean(),
});

/** A comment as protocol/src/social.ts `WireSocialComment` says. */
export const wireComment = z.object({
  id: z.string(),
  postId: z.string(),
  author: person,
  body: z.string(),
  mentions: z.array(person),
  status,
  moderation,
  createdAt: z.string(),
  mine: z.boolean(),
});

export const wireQueue = z.object({
  posts: z.array(wirePost),
  comments: z.array(wireComment),
  reports: z.array(wireReport),
});
