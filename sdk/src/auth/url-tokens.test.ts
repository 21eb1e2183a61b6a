import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@scout/protocol/limits';
import { FakeWindow } from '../../test/fake-browser.ts';
import { readUrlTokens, stripUrlTokens, takeUrlTokens } from './url-tokens.ts';

const NOW = 1_700_000_000;

describe('readUrlTokens', () => {
  it('reads tokens from the query string', () => {
    const t = readUrlTokens(
      'https://app.test/?access_token=A&refresh_token=R&expires_in=600&refresh_expires_in=1200',
      NOW,
    );
    expect(t).toEqual({
      access_token: 'A',
      refresh_token: 'R',
      token_type: 'Bearer',
      expires_in: 600,
      refresh_expires_in: 1200,
      issued_at: NOW,
    });
  });

  it('reads tokens from the hash, with the URL-login lifetimes when none are given', () => {
    const t = readUrlTokens('https://app.test/#access_token=A&refresh_token=R', NOW);
    expect(t).toMatchObject({
      access_token: 'A',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
    });
  });

  it('needs both tokens', () => {
    expect(readUrlTokens('https://app.test/?access_token=A', NOW)).toBeNull();
    expect(readUrlTokens('https://app.test/?page=2', NOW)).toBeNull();
  });
});

describe('stripUrlTokens', () => {
  it('removes every token parameter and keeps the others', () => {
    expect(
      stripUrlTokens('https://app.test/cal?x=1&access_token=A&refresh_token=R&expires_in=9#top'),
    ).toBe('https://app.test/cal?x=1#top');
  });

  it('cleans the hash too', () => {
    expect(stripUrlTokens('https://app.test/#access_token=A&refresh_token=R&tab=2')).toBe(
      'https://app.test/#tab=2',
    );
    expect(stripUrlTokens('https://app.test/#access_token=A&refresh_token=R')).toBe(
      'https://app.test/',
    );
  });

  it('answers null when there is nothing to strip', () => {
    expect(stripUrlTokens('https://app.test/?x=1#section')).toBeNull();
  });
});

describe('takeUrlTokens', () => {
  it('returns the tokens and replaces the address at once', () => {
    const win = new FakeWindow('https://app.test/home?access_token=A&refresh_token=R&ref=mail');
    const t = takeUrlTokens(win, NOW);
    expect(t?.access_token).toBe('A');
    expect(win.replacedUrls).toEqual(['https://app.test/home?ref=mail']);
    expect(win.location.href).not.toContain('access_token');
  });

  it('strips even an incomplete set, so no token lingers in history', () => {
    const win = new FakeWindow('https://app.test/?access_token=A');
    expect(takeUrlTokens(win, NOW)).toBeNull();
    expect(win.location.href).toBe('https://app.test/');
  });

  it('leaves a clean address alone', () => {
    const win = new FakeWindow('https://app.test/?x=1');
    expect(takeUrlTokens(win, NOW)).toBeNull();
    expect(win.replacedUrls).toEqual([]);
  });
});
