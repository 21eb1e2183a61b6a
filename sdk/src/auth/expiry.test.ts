import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_EXPIRY_SKEW_SECONDS } from '@scout/protocol/limits';
import type { StoredTokens } from '@scout/protocol/auth';
import {
  accessTokenExpiresAt,
  isAccessTokenExpired,
  isRefreshTokenExpired,
  toUnixSeconds,
} from './expiry.ts';

const tokens = (over: Partial<StoredTokens> = {}): StoredTokens => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
  issued_at: 1_000_000,
  ...over,
});

describe('access token expiry', () => {
  it('expires at issued_at + expires_in', () => {
    expect(accessTokenExpiresAt(tokens())).toBe(1_000_900);
  });

  it(`counts as expired ${ACCESS_TOKEN_EXPIRY_SKEW_SECONDS} s early`, () => {
    const t = tokens();
    expect(isAccessTokenExpired(t, 1_000_000)).toBe(false);
    expect(isAccessTokenExpired(t, 1_000_869)).toBe(false);
    expect(isAccessTokenExpired(t, 1_000_870)).toBe(true);
    expect(isAccessTokenExpired(t, 1_000_900)).toBe(true);
  });

  it('takes another skew when asked', () => {
    expect(isAccessTokenExpired(tokens(), 1_000_899, 0)).toBe(false);
    expect(isAccessTokenExpired(tokens(), 1_000_900, 0)).toBe(true);
  });

  it('treats a token shorter-lived than the skew as expired at once', () => {
    expect(isAccessTokenExpired(tokens({ expires_in: 20 }), 1_000_000)).toBe(true);
  });
});

describe('refresh token expiry', () => {
  it('is over at issued_at + refresh_expires_in, not before', () => {
    expect(isRefreshTokenExpired(tokens(), 1_000_000 + 2_592_000 - 1)).toBe(false);
    expect(isRefreshTokenExpired(tokens(), 1_000_000 + 2_592_000)).toBe(true);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, undefined])(
    'counts a set whose refresh_expires_in is %s as over',
    (life) => {
      const t = { ...tokens(), refresh_expires_in: life } as unknown as StoredTokens;
      expect(isRefreshTokenExpired(t, 1_000_000)).toBe(true);
    },
  );
});

describe('toUnixSeconds', () => {
  it('floors milliseconds to seconds', () => {
    expect(toUnixSeconds(1_700_000_000_999)).toBe(1_700_000_000);
  });
});
