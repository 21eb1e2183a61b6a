/**
 * Event links are typed by people and shown to the whole troop, so only web addresses become
 * links: a `javascript:` or `data:` URL in an href would run in every member's session. The
 * form and the server refuse them (protocol/src/event-fields.ts); a link stored before that, or
 * by another client, is still shown as plain text.
 */

const isWebScheme = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** The href to render for a stored link, or null when it must be shown as plain text. */
export function safeHref(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link.trim());
    return isWebScheme(url) ? url.href : null;
  } catch {
    return null;
  }
}
