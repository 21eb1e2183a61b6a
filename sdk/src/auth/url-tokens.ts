/**
 * Tokens arriving in the address (`?access_token=` or `#access_token=`). They are removed from
 * the address bar at once so they end up in neither history, bookmarks nor a shared link.
 */
import type { StoredTokens } from '@scout/protocol/auth';
import type { WindowLike } from '../browser.ts';
import { tokensFromTransfer } from './transferred-tokens.ts';

export const URL_TOKEN_PARAMS = [
  'access_token',
  'refresh_token',
  'token_type',
  'expires_in',
  'refresh_expires_in',
  'issued_at',
] as const;

function hashParams(hash: string): URLSearchParams | null {
  const body = hash.replace(/^#/, '');
  return body.includes('=') ? new URLSearchParams(body.slice(body.indexOf('?') + 1)) : null;
}

export function readUrlTokens(href: string, now: number): StoredTokens | null {
  const url = new URL(href);
  const values: Record<string, string> = {};
  for (const params of [hashParams(url.hash), url.searchParams]) {
    if (!params) continue;
    for (const name of URL_TOKEN_PARAMS) {
      const v = params.get(name);
      if (v !== null && values[name] === undefined) values[name] = v;
    }
  }
  return tokensFromTransfer(values, now);
}

/** The address without any token parameter, or null when it carries none. */
export function stripUrlTokens(href: string): string | null {
  const url = new URL(href);
  let changed = false;
  for (const name of URL_TOKEN_PARAMS) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  const hash = url.hash.replace(/^#/, '');
  if (hash.includes('=')) {
    const q = hash.indexOf('?');
    const prefix = q >= 0 ? hash.slice(0, q + 1) : '';
    const params = new URLSearchParams(q >= 0 ? hash.slice(q + 1) : hash);
    for (const name of URL_TOKEN_PARAMS) {
      if (params.has(name)) {
        params.delete(name);
        changed = true;
      }
    }
    const rest = params.toString();
    const kept = rest ? `${prefix}${rest}` : prefix.replace(/\?$/, '');
    url.hash = kept ? `#${kept}` : '';
  }
  return changed ? url.toString() : null;
}

/** Reads the tokens and cleans the address bar in one step. */
export function takeUrlTokens(win: WindowLike, now: number): StoredTokens | null {
  let href: string;
  try {
    href = win.location.href;
    new URL(href);
  } catch {
    return null;
  }
  const tokens = readUrlTokens(href, now);
  const cleaned = stripUrlTokens(href);
  if (cleaned !== null) win.history?.replaceState(win.history.state ?? null, '', cleaned);
  return tokens;
}
