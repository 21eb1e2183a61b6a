import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deriveFeedTokenKey,
  hashFeedToken,
  isFeedTokenShape,
  newFeedToken,
  openFeedToken,
  sealFeedToken,
} from './token-crypto.ts';

describe('feed tokens at rest', () => {
  const key = deriveFeedTokenKey(crypto.randomBytes(64));

  it('makes 32 random bytes in base64url, different each time', () => {
    const a = newFeedToken();
    expect(isFeedTokenShape(a)).toBe(true);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newFeedToken()).not.toBe(a);
  });

  it('hashes with SHA-256 so the table holds no usable token', () => {
    const t = newFeedToken();
    expect(hashFeedToken(t)).toBe(crypto.createHash('sha256').update(t).digest('hex'));
  });

  it('opens what it sealed, and the sealed form does not contain the token', () => {
    const t = newFeedToken();
    const sealed = sealFeedToken(key, 'user-1', t);
    expect(sealed).not.toContain(t);
    expect(openFeedToken(key, 'user-1', sealed)).toBe(t);
  });

  it('does not open under another server secret, for another user, or after tampering', () => {
    const t = newFeedToken();
    const sealed = sealFeedToken(key, 'user-1', t);
    expect(
      openFeedToken(deriveFeedTokenKey(crypto.randomBytes(64)), 'user-1', sealed),
    ).toBeUndefined();
    expect(openFeedToken(key, 'user-2', sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const tag = Buffer.from(parts[3] ?? '', 'base64url');
    expect(
      openFeedToken(
        key,
        'user-1',
        [...parts.slice(0, 3), tag.subarray(0, 4).toString('base64url')].join('.'),
      ),
    ).toBeUndefined();
    const body = Buffer.from(parts[2] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(
      openFeedToken(
        key,
        'user-1',
        [parts[0], parts[1], body.toString('base64url'), parts[3]].join('.'),
      ),
    ).toBeUndefined();
    expect(openFeedToken(key, 'user-1', 'garbage')).toBeUndefined();
  });

  it('derives a key that is not the server secret itself', () => {
    const secret = crypto.randomBytes(32);
    expect(deriveFeedTokenKey(secret).equals(secret)).toBe(false);
    expect(deriveFeedTokenKey(secret).equals(deriveFeedTokenKey(secret))).toBe(true);
  });
});
