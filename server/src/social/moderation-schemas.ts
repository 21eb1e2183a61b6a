/**
 * What the moderation routes take and answer (moderation-routes.ts), as zod schemas checked
 * before a handler runs. The bounds are the protocol's (protocol/src/social.ts); what a schema
 * cannot say (a reason that is only spaces where one is required) is the handlers' own check,
 * in SOCIAL_MESSAGES' words.
 */
import { SOCIAL_LIMITS, SOCIAL_MODERATIONS } from '@scout/protocol/social';
import { z } from 'zod';
import { projectOnly, wireSocialComment, wireSocialPost } from './feed-schemas.ts';

export const reportParams = projectOnly.extend({ reportId: z.string().min(1).max(200) });

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

export const wireQueue = z.object({
  posts: z.array(wireSocialPost),
  comments: z.array(wireSocialComment),
  reports: z.array(wireReport),
});
