/**
 * Event links are typed by people and shown to the whole troop, so only web addresses become
 * links: a `javascript:` or `data:` URL in an href would run in every member's session. The
 * server refuses them as well (server/src/rest/row-checks.ts); these checks give the words first.
 */

import { EVENT_LINK_MAX_LENGTH } from '@scout/protocol/limits';

export const LINK_SCHEME_MESSAGE = 'Links must start with http:// or https://';
export const LINK_INVALID_MESSAGE = 'Enter a full web address, such as https://troop.example/camp';
export const LINK_TOO_LONG_MESSAGE = `Links can be at most ${EVENT_LINK_MAX_LENGTH} characters`;

export type LinkCheck = { ok: true; value: string | null } | { ok: false; message: string };

const isWebScheme = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** The optional link of the create form: empty is fine (null), anything else must be http(s). */
export function checkEventLink(text: string): LinkCheck {
  const value = text.trim();
  if (value === '') return { ok: true, value: null };
  if (value.length > EVENT_LINK_MAX_LENGTH) return { ok: false, message: LINK_TOO_LONG_MESSAGE };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // "troop.example/camp" has no scheme: say what is missing rather than "invalid".
    return {
      ok: false,
      message: /^[a-z][a-z0-9+.-]*:/i.test(value) ? LINK_SCHEME_MESSAGE : LINK_INVALID_MESSAGE,
    };
  }
  if (!isWebScheme(url)) return { ok: false, message: LINK_SCHEME_MESSAGE };
  return { ok: true, value };
}

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
