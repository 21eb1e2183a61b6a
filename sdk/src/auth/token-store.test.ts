import { describe, expect, it } from 'vitest';
import { FakeStorage } from '../../test/fake-browser.ts';
import { TokenStore, parseStoredTokens, tokensFromResponse } from './token-store.ts';

const valid = {
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_expires_in: 2_592_000,
  issued_at: 1_700_000_000,
};

describe('TokenStore', () => {
  it('keeps tokens under blink_tokens_<projectId>', () => {
    const storage = new FakeStorage();
    const store = new TokenStore(storage, 'troop-42');
    store.save(valid as never);
    expect(store.key).toBe('blink_tokens_troop-42');
    expect(JSON.parse(storage.getItem('blink_tokens_troop-42')!)).toEqual(valid);
    expect(store.load()).toEqual(valid);
    store.clear();
    expect(storage.getItem('blink_tokens_troop-42')).toBeNull();
  });

  it('removes a malformed entry and reads nothing', () => {
    const storage = new FakeStorage();
    storage.setItem('blink_tokens_p', '{not json');
    expect(new TokenStore(storage, 'p').load()).toBeNull();
    expect(storage.getItem('blink_tokens_p')).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = new TokenStore(broken, 'p');
    expect(store.load()).toBeNull();
    expect(() => store.save(valid as never)).not.toThrow();
    expect(() => store.clear()).not.toThrow();
  });
});

describe('parseStoredTokens', () => {
  it('accepts numbers written as strings', () => {
    const t = parseStoredTokens(
      JSON.stringify({ ...valid, expires_in: '900', issued_at: '1700000000' }),
    );
    expect(t).toMatchObject({ expires_in: 900, issued_at: 1_700_000_000 });
  });

  it('reads a missing refresh_expires_in as 0, a session that is over', () => {
    const { refresh_expires_in: _omit, ...rest } = valid;
    expect(parseStoredTokens(JSON.stringify(rest))?.refresh_expires_in).toBe(0);
  });

  it.each([
    ['no access token', { ...valid, access_token: '' }],
    ['no refresh token', { ...valid, refresh_token: undefined }],
    ['no issued_at', { ...valid, issued_at: undefined }],
    ['no expires_in', { ...valid, expires_in: 'soon' }],
    ['an array', [valid]],
    ['null', null],
  ])('rejects %s', (_name, value) => {
    expect(parseStoredTokens(JSON.stringify(value))).toBeNull();
  });

  it('stamps a server token response with the time it arrived', () => {
    const { issued_at: _omit, ...response } = valid;
    expect(tokensFromResponse({ ...response, user: {} }, 42)).toEqual({ ...valid, issued_at: 42 });
    expect(tokensFromResponse('nope', 42)).toBeNull();
  });
});
