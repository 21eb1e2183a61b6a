import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const secret = new Uint8Array(32).fill(9);
const other = new Uint8Array(32).fill(1);
const now = Date.UTC(2026, 10, 22, 12);
const claims = { sub: 'u1', role: 'user', pid: 'troop', email: 'a@troop.example', sid: 'fam' };

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected a refusal');
}

describe('access tokens', () => {
  it('are standard HS256 JWTs that live 900 s and that an independent library verifies', async () => {
    const token = await signAccessToken(secret, claims, now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    expect(payload).toMatchObject({ sub: 'u1', pid: 'troop', role: 'user', sid: 'fam' });
    expect(Number(decodeJwt(token).exp) - Number(decodeJwt(token).iat)).toBe(900);
  });

  it('accept a token another HS256 implementation signed with our key', async () => {
    const iat = Math.floor(now / 1000);
    const token = await new SignJWT({ pid: 'troop', role: 'admin', email: 'x@y.z' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u2')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(secret);
    expect(await verifyAccessToken(secret, token, now)).toMatchObject({ sub: 'u2', role: 'admin' });
  });

  it('count as expired at their expiry and not a second before', async () => {
    const token = await signAccessToken(secret, claims, now);
    await expect(verifyAccessToken(secret, token, now + 899_000)).resolves.toMatchObject({
      sub: 'u1',
    });
    const err = await refusal(verifyAccessToken(secret, token, now + 900_000));
    expect(err).toMatchObject({ status: 401, code: 'TOKEN_EXPIRED' });
  });

  it('refuse another key, another algorithm, alg none, a changed payload and garbage', async () => {
    const iat = Math.floor(now / 1000);
    const good = await signAccessToken(secret, claims, now);
    const [h, p, s] = good.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(good), role: 'admin' }),
    ).toString('base64url');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const hs512 = await new SignJWT({ pid: 'troop' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u1')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(new Uint8Array(64).fill(9));
    const candidates = [
      await signAccessToken(other, claims, now),
      none,
      hs512,
      `${h}.${forgedPayload}.${s}`,
      'not-a-token',
      'a.b.c',
      `${h}.${p}`,
      'x'.repeat(5000),
    ];
    for (const token of candidates) {
      const err = await refusal(verifyAccessToken(secret, token, now));
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(401);
    }
  });

  it('accepted once, are still refused under another key, before their not-before and after expiry', async () => {
    const token = await signAccessToken(secret, claims, now);
    await expect(verifyAccessToken(secret, token, now)).resolves.toMatchObject({ sub: 'u1' });
    expect(await refusal(verifyAccessToken(other, token, now))).toMatchObject({ status: 401 });
    expect(await refusal(verifyAccessToken(secret, token, now + 900_000))).toMatchObject({
      code: 'TOKEN_EXPIRED',
    });

    const iat = Math.floor(now / 1000);
    const later = await new SignJWT({ pid: 'troop' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u3')
      .setIssuedAt(iat)
      .setNotBefore(iat + 60)
      .setExpirationTime(iat + 600)
      .sign(secret);
    await expect(verifyAccessToken(secret, later, now + 60_000)).resolves.toMatchObject({
      sub: 'u3',
    });
    expect(await refusal(verifyAccessToken(secret, later, now))).toMatchObject({ status: 401 });
  });
});
