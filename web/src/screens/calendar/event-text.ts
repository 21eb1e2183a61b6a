/**
 * Event details as text for the screen: a description split into plain text and web addresses
 * (only http(s) ever becomes a link, never HTML), and the map address of a location.
 */
import { safeHref } from './event-link.ts';

export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence more often than a web address. */
const TRAILING = /[.,;:!?)\]]+$/;

export function descriptionParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const raw = match[0].replace(TRAILING, '');
    const start = match.index;
    const href = safeHref(raw);
    if (!href) continue;
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: raw, href });
    at = start + raw.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}

/** OpenStreetMap's search for the location: opens the address on a map, no key needed. */
export const mapHref = (location: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(location.trim())}`;
