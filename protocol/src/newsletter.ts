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
