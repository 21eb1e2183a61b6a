/**
 * The newsletter's shapes (protocol/src/newsletter.ts), for the published contract and so a
 * route never sends a field its wire type does not name (a writer's `reach` is left out of a
 * reader's answer by the handler, and a reader's `body` is '').
 */
import {
  NEWSLETTER_AUDIENCES,
  NEWSLETTER_KINDS,
  NEWSLETTER_STATUSES,
  type WireNewsletterPage,
  type WireNewsletterPost,
  type WireNewsletterSummary,
} from '@scout/protocol/newsletter';
import { z } from 'zod';

const instant = z.string().nullable();

export const wireSummary = z.object({
  id: z.string(),
  kind: z.enum(NEWSLETTER_KINDS),
  title: z.string(),
  excerpt: z.string(),
  audience: z.enum(NEWSLETTER_AUDIENCES),
  patrols: z.array(z.string()),
  status: z.enum(NEWSLETTER_STATUSES),
  sentAt: instant,
  sendAt: instant,
  editedAt: instant,
  authorName: z.string(),
  from: z.object({ projectId: z.string(), name: z.string(), council: z.boolean() }),
  read: z.boolean(),
  reach: z.object({ mailed: z.number(), opened: z.number(), audience: z.number() }).optional(),
}) satisfies z.ZodType<WireNewsletterSummary>;

const event = z.object({ id: z.string(), date: z.string().optional() });

export const wirePost = wireSummary.extend({
  body: z.string(),
  parts: z.array(z.union([z.object({ html: z.string() }), z.object({ event })])),
}) satisfies z.ZodType<WireNewsletterPost>;

export const postAnswer = z.object({ post: wirePost });

export const wirePage = z.object({
  posts: z.array(wireSummary),
  next: z.string().nullable(),
  unread: z.number(),
}) satisfies z.ZodType<WireNewsletterPage>;

export const wireBanner = z.object({ announcements: z.array(wireSummary) });

export const wirePreview = z.object({
  parts: wirePost.shape.parts,
  mailHtml: z.string(),
  text: z.string(),
  subject: z.string(),
});
