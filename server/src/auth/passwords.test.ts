import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import {
  assertPasswordAcceptable,
  DUMMY_PASSWORD_HASH,
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
  });

  it('verifies an unknown account against a hash with the real parameters, which nothing matches', async () => {
    const real = await hashPassword('campfire songs');
    const params = (phc: string) => phc.split('$').slice(1, 4).join('$');
    expect(params(DUMMY_PASSWORD_HASH)).toBe(params(real));
    expect(DUMMY_PASSWORD_HASH.split('$')[4]).toHaveLength(real.split('$')[4]!.length);
    expect(DUMMY_PASSWORD_HASH.split('$')[5]).toHaveLength(real.split('$')[5]!.length);
    // The dummy is a readable hash: verifying it runs argon2id and answers false, not an error.
    const { verify } = await import('@node-rs/argon2');
    await expect(verify(DUMMY_PASSWORD_HASH, 'campfire songs')).resolves.toBe(false);
    expect(await verifyPassword(undefined, 'campfire songs')).toBe(false);
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
