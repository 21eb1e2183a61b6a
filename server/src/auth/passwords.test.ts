import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import {
  assertPasswordAcceptable,
  dummyPasswordHash,
  hashPassword,
  verifyPassword,
} from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id (19 MiB, t=2, p=1) and a fresh salt, and verifies only the right password', async () => {
    const [a, b] = await Promise.all([
      hashPassword('campfire songs'),
      hashPassword('campfire songs'),
    ]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'campfire songs')).toBe(true);
    expect(await verifyPassword(a, 'campfire song')).toBe(false);
  });

  it('never matches a missing or unreadable hash, even against the dummy hash', async () => {
    expect(await verifyPassword(undefined, 'anything at all')).toBe(false);
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
    expect(await verifyPassword('not-a-phc-string', 'anything at all')).toBe(false);
    expect(await dummyPasswordHash()).toBe(await dummyPasswordHash());
  });

  it('accepts 8 to 256 characters and refuses the rest with WEAK_PASSWORD', () => {
    expect(assertPasswordAcceptable('12345678')).toBe('12345678');
    expect(assertPasswordAcceptable('x'.repeat(256))).toHaveLength(256);
    for (const bad of ['1234567', 'x'.repeat(257), '', undefined, 12345678]) {
      expect(() => assertPasswordAcceptable(bad)).toThrow(ApiError);
      try {
        assertPasswordAcceptable(bad);
      } catch (err) {
        expect((err as ApiError).code).toBe('WEAK_PASSWORD');
        expect((err as ApiError).status).toBe(400);
      }
    }
  });
});
