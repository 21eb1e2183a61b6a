/**
 * What the newsletter routes take (routes.ts): params, bodies and queries as zod schemas,
 * checked before a handler runs. The bounds are the protocol's (protocol/src/newsletter.ts);
 * what a schema cannot say (an empty title, an announcement's length, patrols for a post to
 * patrols) is `newsletterDraftProblem`, the editor's own words, in the handlers.
 */
import {
  NEWSLETTER_AUDIENCES,
  NEWSLETTER_BODY_MAX_CHARS,
  NEWSLETTER_KINDS,
  NEWSLETTER_MAX_PATROLS,
  NEWSLETTER_PAGE_SIZE,
  NEWSLETTER_PATROL_MAX_CHARS,
  NEWSLETTER_SEARCH_MAX_CHARS,
  NEWSLETTER_TITLE_MAX_CHARS,
} from '@scout/protocol/newsletter';
import { z } from 'zod';

export const projectOnly = z.object({ projectId: z.string().max(200) });
export const postParams = projectOnly.extend({ postId: z.string().min(1).max(200) });

const draftFields = {
  kind: z.enum(NEWSLETTER_KINDS),
  title: z.string().max(NEWSLETTER_TITLE_MAX_CHARS),
  body: z.string().max(NEWSLETTER_BODY_MAX_CHARS),
  audience: z.enum(NEWSLETTER_AUDIENCES),
  patrols: z
    .array(z.string().max(NEWSLETTER_PATROL_MAX_CHARS))
    .max(NEWSLETTER_MAX_PATROLS)
    .optional(),
};

export const draftBody = z.object(draftFields).strict();
export const draftPatch = z
  .object({
    kind: draftFields.kind.optional(),
    title: draftFields.title.optional(),
    body: draftFields.body.optional(),
    audience: draftFields.audience.optional(),
    patrols: draftFields.patrols,
  })
  .strict();
export const previewBody = z
  .object({ kind: draftFields.kind, title: draftFields.title, body: draftFields.body })
  .strict();

export const sendBody = z
  .object({ at: z.string().datetime({ offset: true }).optional() })
  .strict()
  .nullish();
/** Unscheduling: the path says it all (an empty object, or nothing). */
export const noBody = z.object({}).strict().nullish();

export const listQuery = z
  .object({
    q: z.string().max(NEWSLETTER_SEARCH_MAX_CHARS).optional(),
    cursor: z.string().max(500).optional(),
    limit: z.coerce.number().int().min(1).max(NEWSLETTER_PAGE_SIZE).optional(),
    status: z.enum(['draft', 'scheduled']).optional(),
  })
  .strict();
