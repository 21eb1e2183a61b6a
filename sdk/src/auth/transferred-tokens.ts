/**
 * Tokens handed over by a URL or a parent frame rather than issued to this page. Missing
 * lifetimes take the defaults: access 900 s, refresh 30 days (docs/product.md section 9, URL login).
 */
import type { StoredTokens } from '@scout/protocol/auth';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@scout/protocol/limits';

const positive = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;
};

export function tokensFromTransfer(
  values: Record<string, unknown>,
  now: number,
): StoredTokens | null {
  const { access_token, refresh_token } = values;
  if (typeof access_token !== 'string' || !access_token) return null;
  if (typeof refresh_token !== 'string' || !refresh_token) return null;
  return {
    access_token,
    refresh_token,
    token_type: 'Bearer',
    expires_in: positive(values.expires_in) ?? ACCESS_TOKEN_TTL_SECONDS,
    refresh_expires_in: positive(values.refresh_expires_in) ?? REFRESH_TOKEN_TTL_SECONDS,
    issued_at: positive(values.issued_at) ?? now,
  };
}
