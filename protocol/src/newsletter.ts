/**
 * The newsletter's stored format (docs/decisions/080-newsletter-format.md): Markdown, a
 * CommonMark subset, with raw HTML off. A post's body is checked here with the same words in
 * the browser's editor and on the server; the server renders it (server/src/newsletter/).
 */

/** A weekly issue is a few thousand characters; this leaves room and bounds the render's work. */
export const NEWSLETTER_BODY_MAX_CHARS = 50_000;

/**
 * How deep lists and quotes may nest. Past it the renderer stops opening new levels (markdown-it's
 * `maxNesting`), so a hostile `>>>>>>…` or indented list costs no more than a flat one.
 */
export const NEWSLETTER_MAX_NESTING = 20;

/** Event cards one post may show: each becomes a card with its answer buttons. */
export const NEWSLETTER_MAX_EVENT_CARDS = 20;

/** Why a post's body is refused, or null. */
export function newsletterBodyProblem(body: string): string | null {
  if (body.trim() === '') return 'The post is empty';
  if (body.length > NEWSLETTER_BODY_MAX_CHARS)
    return `The post is longer than ${NEWSLETTER_BODY_MAX_CHARS} characters`;
  return null;
}

/**
 * A post's kind (docs/decisions/081-newsletter-posts.md): a newsletter is a regular issue, mailed
 * in full when each member takes their mail (their digest choice); an announcement is short and
 * urgent, mailed at once and shown as a banner in the app until its reader has read it.
 */
export const NEWSLETTER_KINDS = ['newsletter', 'announcement'] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number];

/**
 * Who a post is for. `troop`: every member; `adults`: every member who is not a youth;
 * `leaders`: the members whose role writes posts (`newsletter.write`); `patrols`: the scouts of
 * the chosen patrols and the adults of their households. Whoever writes posts reads them all.
 */
export const NEWSLETTER_AUDIENCES = ['troop', 'adults', 'leaders', 'patrols'] as const;
export type NewsletterAudience = (typeof NEWSLETTER_AUDIENCES)[number];

export const NEWSLETTER_AUDIENCE_LABELS: Record<NewsletterAudience, string> = {
  troop: 'The whole troop',
  adults: 'Adults only',
  leaders: 'Leaders only',
  patrols: 'Chosen patrols',
};

/** `draft` until sent or scheduled; `scheduled` has a `sendAt`; `sent` is in the archive. */
export const NEWSLETTER_STATUSES = ['draft', 'scheduled', 'sent'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const NEWSLETTER_TITLE_MAX_CHARS = 200;
/** An announcement is read at a glance, in a banner and a short mail. */
export const ANNOUNCEMENT_BODY_MAX_CHARS = 2_000;
export const NEWSLETTER_MAX_PATROLS = 30;
export const NEWSLETTER_PATROL_MAX_CHARS = 80;
/** Posts one archive page holds. */
export const NEWSLETTER_PAGE_SIZE = 20;
export const NEWSLETTER_SEARCH_MAX_CHARS = 200;
/** A sent announcement shows as a banner until read, or for this many days. */
export const ANNOUNCEMENT_BANNER_DAYS = 14;
/** How far ahead a post may be scheduled. */
export const NEWSLETTER_SCHEDULE_MAX_DAYS = 366;

/**
 * A patrol's name as posts and scouts' profiles compare it: trimmed, inner spaces collapsed,
 * case ignored ("Eagle  patrol" is "eagle patrol").
 */
export function patrolKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** What a leader writes: the fields of a draft, all of them on create. */
export interface NewsletterDraft {
  kind: NewsletterKind;
  title: string;
  body: string;
  audience: NewsletterAudience;
  /** The chosen patrols' names when `audience` is `patrols`, else empty. */
  patrols: string[];
}

/** Why a draft is refused, or null: the same words in the editor and on the server. */
export function newsletterDraftProblem(draft: NewsletterDraft): string | null {
  if (draft.title.trim() === '') return 'The title is empty';
  if (draft.title.length > NEWSLETTER_TITLE_MAX_CHARS)
    return `The title is longer than ${NEWSLETTER_TITLE_MAX_CHARS} characters`;
  const body = newsletterBodyProblem(draft.body);
  if (body) return body;
  if (draft.kind === 'announcement' && draft.body.length > ANNOUNCEMENT_BODY_MAX_CHARS)
    return `An announcement is at most ${ANNOUNCEMENT_BODY_MAX_CHARS} characters: send a newsletter for more`;
  if (draft.audience === 'patrols') {
    const named = draft.patrols.filter((p) => p.trim() !== '');
    if (named.length === 0) return 'Choose at least one patrol';
    if (named.length > NEWSLETTER_MAX_PATROLS)
      return `Choose at most ${NEWSLETTER_MAX_PATROLS} patrols`;
    if (named.some((p) => p.length > NEWSLETTER_PATROL_MAX_CHARS))
      return `A patrol's name is at most ${NEWSLETTER_PATROL_MAX_CHARS} characters`;
  }
  return null;
}

/** A post in the archive's list. */
export interface WireNewsletterSummary {
  id: string;
  kind: NewsletterKind;
  title: string;
  /** The first words of the post as plain text. */
  excerpt: string;
  audience: NewsletterAudience;
  patrols: string[];
  status: NewsletterStatus;
  /** When it went out (ISO 8601); null until sent. */
  sentAt: string | null;
  /** When it is to go out; null unless scheduled. */
  sendAt: string | null;
  /** The last change after it went out; null when never edited since. */
  editedAt: string | null;
  authorName: string;
  /** The unit it came from: the troop's own, or its council's. */
  from: { projectId: string; name: string; council: boolean };
  /** Whether the caller has opened it in the app (always true for drafts and one's own). */
  read: boolean;
  /** For writers only: the recipients it was mailed to and the readers who opened it in the app. */
  reach?: { mailed: number; opened: number; audience: number };
}

/** A post opened: its summary and its body rendered for the app. */
export interface WireNewsletterPost extends WireNewsletterSummary {
  /** The Markdown as stored (writers only; others get ''). */
  body: string;
  /** Sanitised HTML, in order, with each event card at its place in the post. */
  parts: Array<{ html: string } | { event: { id: string; date?: string } }>;
}

/** The archive's page: newest first, `next` the cursor of the next page or null. */
export interface WireNewsletterPage {
  posts: WireNewsletterSummary[];
  next: string | null;
  unread: number;
}

/**
 * A post's images (docs/decisions/081-newsletter-posts.md, Images): a photo as a phone takes it
 * fits the upload; the server keeps a re-encoded copy at most this wide and tall.
 */
export const NEWSLETTER_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const NEWSLETTER_IMAGE_MAX_DIMENSION = 1600;
/** Pixels an upload may decode to before it is refused as too large (a decompression bomb). */
export const NEWSLETTER_IMAGE_MAX_MEGAPIXELS = 50;
/** Images one mail carries inline; past these the reader finds them in the app. */
export const NEWSLETTER_MAIL_MAX_IMAGES = 20;
export const NEWSLETTER_MAIL_MAX_IMAGE_BYTES = 15 * 1024 * 1024;
export const NEWSLETTER_IMAGE_NOT_IMAGE = 'Choose a PNG, JPEG, WebP or GIF image';
export const NEWSLETTER_IMAGE_TOO_LARGE = `An image is at most ${NEWSLETTER_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
export const NEWSLETTER_IMAGE_TOO_MANY_PIXELS = `An image is at most ${NEWSLETTER_IMAGE_MAX_MEGAPIXELS} megapixels`;

/**
 * The realtime channel a troop's posts are announced on (`{type: 'updated', data: {postId}}`):
 * server-owned, so no client may publish there (server/src/realtime/channel-access.ts).
 */
export const NEWSLETTER_CHANNEL = 'newsletter';
