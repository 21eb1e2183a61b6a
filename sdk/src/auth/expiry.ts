/**
 * Token lifetime arithmetic, in unix seconds. Pure so every edge is tested without a clock.
 */
import { ACCESS_TOKEN_EXPIRY_SKEW_SECONDS } from '@scout/protocol/limits';
import type { StoredTokens } from '@scout/protocol/auth';

export const toUnixSeconds = (ms: number) => Math.floor(ms / 1000);

export function accessTokenExpiresAt(tokens: StoredTokens): number {
  return tokens.issued_at + tokens.expires_in;
}

/**
 * docs/product.md section 9: the access token counts as expired 30 s early, so a request sent just before
 * expiry does not arrive just after it.
 */
export function isAccessTokenExpired(
  tokens: StoredTokens,
  now: number,
  skew: number = ACCESS_TOKEN_EXPIRY_SKEW_SECONDS,
): boolean {
  return now >= accessTokenExpiresAt(tokens) - skew;
}

/** A token set without a usable refresh_expires_in counts as over (docs/protocol.md, Sessions and tokens). */
export function isRefreshTokenExpired(tokens: StoredTokens, now: number): boolean {
  const life = tokens.refresh_expires_in;
  if (typeof life !== 'number' || !Number.isFinite(life) || life <= 0) return true;
  return now >= tokens.issued_at + life;
}
