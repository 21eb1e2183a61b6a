/**
 * One-time tokens arriving from an emailed link (docs/protocol.md, Sessions and tokens): magic sign-in `?magic_token=`,
 * password reset `?token=&projectId=` and verification `?token=`; the server may add
 * `type=reset|verify|magic` to say which. These are not session tokens: start-up leaves them
 * for the app, and once read they leave the address bar so a one-time token is kept in neither
 * history nor a shared link.
 *
 * Which link a URL carries: `magic_token` is a magic link; otherwise `token` with a `type` is
 * what the type says; without a type, `token` with `projectId` is a reset link and a bare
 * `token` is a verification link (docs/protocol.md's shapes). A `type` we do not know is not ours.
 */
import type { WindowLike } from '../browser.ts';
import { stripUrlTokens } from './url-tokens.ts';

export type EmailLinkKind = 'magic' | 'reset' | 'verify';

export interface EmailLink {
  kind: EmailLinkKind;
  token: string;
}

const LINK_TYPES: ReadonlySet<string> = new Set<EmailLinkKind>(['magic', 'reset', 'verify']);

/** Whether the link's `type` was given by the server or guessed from the other parameters. */
interface FoundLink extends EmailLink {
  typed: boolean;
}

function linkIn(params: URLSearchParams): FoundLink | null {
  const magic = params.get('magic_token');
  if (magic) return { kind: 'magic', token: magic, typed: true };
  const token = params.get('token');
  if (!token) return null;
  const type = params.get('type');
  if (type !== null)
    return LINK_TYPES.has(type) ? { kind: type as EmailLinkKind, token, typed: true } : null;
  return { kind: params.has('projectId') ? 'reset' : 'verify', token, typed: false };
}

/** Removes a found link's parameters; answers whether anything changed. */
function removeLink(params: URLSearchParams): boolean {
  let changed = false;
  for (const name of ['magic_token', 'token', 'projectId']) {
    if (params.has(name)) {
      params.delete(name);
      changed = true;
    }
  }
  const type = params.get('type');
  if (type !== null && LINK_TYPES.has(type)) {
    params.delete('type');
    changed = true;
  }
  return changed;
}

/** The hash as parameters: `#a=b` or, with a hash router, `#/reset?a=b`. */
function splitHash(hash: string): { prefix: string; params: URLSearchParams } | null {
  const body = hash.replace(/^#/, '');
  if (!body.includes('=')) return null;
  const q = body.indexOf('?');
  return {
    prefix: q >= 0 ? body.slice(0, q + 1) : '',
    params: new URLSearchParams(q >= 0 ? body.slice(q + 1) : body),
  };
}

function parse(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

function find(url: URL): { link: FoundLink; inHash: boolean } | null {
  const fromQuery = linkIn(url.searchParams);
  if (fromQuery) return { link: fromQuery, inHash: false };
  const hash = splitHash(url.hash);
  const fromHash = hash ? linkIn(hash.params) : null;
  return fromHash ? { link: fromHash, inHash: true } : null;
}

/** The emailed link the address carries, or null. */
export function readEmailLink(href: string): EmailLink | null {
  const url = parse(href);
  const found = url ? find(url) : null;
  return found ? { kind: found.link.kind, token: found.link.token } : null;
}

/** The address without the link's parameters, or null when it carries no link. */
export function stripEmailLink(href: string): string | null {
  const url = parse(href);
  const found = url ? find(url) : null;
  if (!url || !found) return null;
  if (!found.inHash) {
    removeLink(url.searchParams);
    return url.toString();
  }
  const hash = splitHash(url.hash)!;
  removeLink(hash.params);
  const rest = hash.params.toString();
  const kept = rest ? `${hash.prefix}${rest}` : hash.prefix.replace(/\?$/, '');
  url.hash = kept ? `#${kept}` : '';
  return url.toString();
}

/**
 * A magic-link token for `signInWithMagicLink`: `magic_token`, else `token` unless the link says
 * (by `type`, or by `projectId` for a reset) that it is something else. A bare `?token=` is read
 * as a verification link by `readEmailLink`, but a caller asking for a magic sign-in means it.
 */
export function readMagicToken(href: string): string | null {
  const url = parse(href);
  const found = url ? find(url) : null;
  if (!found) return null;
  const { link } = found;
  return link.kind === 'magic' || (link.kind === 'verify' && !link.typed) ? link.token : null;
}

function replaceAddress(win: WindowLike, href: string, cleaned: string | null): void {
  if (cleaned !== null && cleaned !== href)
    win.history?.replaceState(win.history.state ?? null, '', cleaned);
}

function currentHref(win: WindowLike): string | null {
  try {
    const href = win.location.href;
    return parse(href) ? href : null;
  } catch {
    return null;
  }
}

/** Reads the link and cleans the address bar in one step. */
export function takeEmailLink(win: WindowLike): EmailLink | null {
  const href = currentHref(win);
  if (href === null) return null;
  const link = readEmailLink(href);
  if (link) replaceAddress(win, href, stripEmailLink(href));
  return link;
}

/** As takeEmailLink, for a magic sign-in; other links stay in the address for the app. */
export function takeMagicToken(win: WindowLike): string | null {
  const href = currentHref(win);
  if (href === null) return null;
  const token = readMagicToken(href);
  if (token) replaceAddress(win, href, stripEmailLink(href));
  return token;
}

/** The page to come back to from an email: this one, without any token in its address. */
export function returnAddress(win: WindowLike | undefined): string | undefined {
  const href = win ? currentHref(win) : null;
  if (href === null) return undefined;
  const withoutLink = stripEmailLink(href) ?? href;
  return stripUrlTokens(withoutLink) ?? withoutLink;
}
