import { describe, expect, it } from 'vitest';
import { hashToken, newToken, sameSecret } from './tokens.ts';

describe('tokens', () => {
  it('are 256 random bits in URL-safe text, a new one each time', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(a);
    expect(Buffer.from(newToken(8), 'base64url')).toHaveLength(8);
  });

  it('are kept as the SHA-256 of their text in hex', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('compare equal only when every byte is the same', () => {
    expect(sameSecret('secret', 'secret')).toBe(true);
    expect(sameSecret('secret', 'secreT')).toBe(false);
    expect(sameSecret('secret', 'secrets')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
    expect(sameSecret(Buffer.from([1, 2]), Buffer.from([1, 2]))).toBe(true);
    expect(sameSecret(Buffer.from([1, 2]), 'ab')).toBe(false);
  });
});
