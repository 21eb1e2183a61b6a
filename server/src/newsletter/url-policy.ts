/**
 * Which addresses a newsletter may point at (docs/decisions/080-newsletter-format.md). A link
 * goes to an http(s) site, a mail address or a screen of the app; an image comes only from the
 * troop's own storage, so a post can carry no tracking pixel and no `data:` payload. Checked
 * twice: by markdown-it while parsing and again on the sanitiser's output, so neither library's
 * own idea of a safe URL is the only guard.
 */
import { addressOf } from '@scout/protocol/app-paths';

// Whitespace, controls and backslashes: what browsers strip or rewrite before reading a scheme
// (`jav\tascript:`, `/\evil.example`). A URL holding one is refused outright, never repaired.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_CHARS = /[\u0000-\u0020\u007f-\u009f\\]/;
const DOT_SEGMENT = /(^|\/)(\.|%2e){1,2}(\/|$)/i;
const PLACEHOLDER_ORIGIN = 'http://app.invalid';

/** A link the post may carry: an outside address as written, or an app path normalised. */
export type LinkTarget = { kind: 'external'; href: string } | { kind: 'app'; path: string };

export function linkTarget(href: string): LinkTarget | null {
  if (href === '' || UNSAFE_CHARS.test(href)) return null;
  if (href.startsWith('/')) {
    if (href.startsWith('//')) return null;
    let url: URL;
    try {
      url = new URL(href, PLACEHOLDER_ORIGIN);
    } catch {
      return null;
    }
    if (url.origin !== PLACEHOLDER_ORIGIN || DOT_SEGMENT.test(href)) return null;
    if (addressOf(url.pathname).view === 'not-found') return null;
    return { kind: 'app', path: `${url.pathname}${url.search}${url.hash}` };
  }
  if (!/^(https?|mailto):/i.test(href)) return null;
  try {
    const url = new URL(href);
    if (url.protocol === 'mailto:') return { kind: 'external', href: url.href };
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '')
      return { kind: 'external', href: url.href };
  } catch {
    // not a URL: refused below
  }
  return null;
}

/** The path prefix of the troop's stored files (docs/protocol.md, Storage). */
export const storagePrefix = (projectId: string): string =>
  `/api/storage/${encodeURIComponent(projectId)}/object/`;

/** The folder of the troop's storage that holds its posts' images (images.ts). */
export const NEWSLETTER_IMAGE_FOLDER = 'troop/newsletter/';

/** The storage path of a post's image: 32 hex digits, then the stored format's extension. */
export const NEWSLETTER_IMAGE_PATH = /^troop\/newsletter\/[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

/**
 * `src` if it names one of the troop's newsletter images, else null. Only those: every reader
 * of a post gets a signed link to each image it shows (post-images.ts), so a post naming any
 * other of the troop's files would hand readers files their role may not open.
 */
export function storedImagePath(src: string, projectId: string): string | null {
  const prefix = storagePrefix(projectId);
  if (!src.startsWith(prefix) || UNSAFE_CHARS.test(src)) return null;
  return NEWSLETTER_IMAGE_PATH.test(src.slice(prefix.length)) ? src : null;
}

/** Markdown-it's link check: anything that could become an allowed link or image. */
export const mayParseAs = (url: string): boolean =>
  linkTarget(url) !== null || (url.startsWith('/api/storage/') && !UNSAFE_CHARS.test(url));
