import { SignJWT, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { createHmac } from 'node:crypto';
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

/** A token over any header and payload, with a correct HMAC-SHA256 under `key`. */
function hmacSigned(header: unknown, payload: unknown, key: Uint8Array = secret): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part(header)}.${part(payload)}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

const iat = Math.floor(now / 1000);
const fullClaims = { sub: 'u1', pid: 'troop', role: 'user', email: 'a@troop.example', iat };
const valid = { ...fullClaims, exp: iat + 900 };

async function expectRefused(token: string, at = now) {
  const err = await refusal(verifyAccessToken(secret, token, at));
  expect(err).toBeInstanceOf(ApiError);
  expect(err).toMatchObject({
    status: 401,
    code: 'TOKEN_EXPIRED',
    message: 'Invalid access token',
  });
}

describe('access tokens signed with our key but not as we sign them', () => {
  it('are accepted when only the header is written differently (control for the cases below)', async () => {
    await expect(
      verifyAccessToken(secret, hmacSigned({ alg: 'HS256' }, valid), now),
    ).resolves.toEqual({
      sub: 'u1',
      pid: 'troop',
      role: 'user',
      email: 'a@troop.example',
    });
  });

  it('are refused when the header names another algorithm, even with a correct HMAC', async () => {
    for (const alg of ['none', 'HS512', 'RS256', 'hs256', 'HS256 ', undefined]) {
      await expectRefused(hmacSigned({ alg, typ: 'JWT' }, valid));
    }
  });

  it('are refused when the header asks for extensions we do not know (crit)', async () => {
    await expectRefused(hmacSigned({ alg: 'HS256', crit: ['exp'] }, valid));
    await expectRefused(hmacSigned({ alg: 'HS256', crit: [] }, valid));
  });

  it('are refused when the signature is cut short or runs long, without a server error', async () => {
    const token = hmacSigned({ alg: 'HS256' }, valid);
    const signature = Buffer.from(token.split('.')[2] ?? '', 'base64url');
    const body = token.split('.').slice(0, 2).join('.');
    for (const sig of [
      signature.subarray(0, 31),
      Buffer.concat([signature, Buffer.from([0])]),
      Buffer.alloc(0),
    ]) {
      await expectRefused(`${body}.${sig.toString('base64url')}`);
    }
  });

  it('are refused with a fourth part after a valid token', async () => {
    const token = hmacSigned({ alg: 'HS256' }, valid);
    await expectRefused(`${token}.x`);
    await expectRefused(`${token}.`);
  });

  it('are refused, not failed, when the header or payload is JSON but not an object', async () => {
    for (const [header, payload] of [
      [null, valid],
      [['HS256'], valid],
      [{ alg: 'HS256' }, null],
      [{ alg: 'HS256' }, [valid]],
      [{ alg: 'HS256' }, 'u1'],
    ] as const) {
      await expectRefused(hmacSigned(header, payload));
    }
  });

  it('are refused without an expiry or issue time that is a number', async () => {
    const { exp: _exp, ...noExp } = valid;
    await expectRefused(hmacSigned({ alg: 'HS256' }, noExp));
    await expectRefused(hmacSigned({ alg: 'HS256' }, { ...valid, exp: String(iat + 900) }));
    const { iat: _iat, ...noIat } = valid;
    await expectRefused(hmacSigned({ alg: 'HS256' }, noIat));
    await expectRefused(hmacSigned({ alg: 'HS256' }, { ...valid, iat: String(iat) }));
  });

  it('are refused without a subject or a project, every time they are presented', async () => {
    const { sub: _sub, ...noSub } = valid;
    const { pid: _pid, ...noPid } = valid;
    for (const payload of [noSub, noPid, { ...valid, sub: 7 }, { ...valid, pid: ['troop'] }]) {
      const token = hmacSigned({ alg: 'HS256' }, payload);
      await expectRefused(token);
      await expectRefused(token);
    }
  });

  it('without a role are a plain member, and carry no e-mail or session they did not name', async () => {
    const { role: _role, email: _email, ...bare } = valid;
    const claims = await verifyAccessToken(
      secret,
      hmacSigned({ alg: 'HS256' }, { ...bare, role: 7, email: null, sid: 5 }),
      now,
    );
    expect(claims).toEqual({ sub: 'u1', pid: 'troop', role: 'user', email: '' });
    expect(await verifyAccessToken(secret, hmacSigned({ alg: 'HS256' }, bare), now)).toEqual(
      claims,
    );
  });

  it('are valid from their not-before second on', async () => {
    const token = hmacSigned({ alg: 'HS256' }, { ...valid, nbf: iat + 60 });
    await expectRefused(token, now + 59_000);
    await expectRefused(token, now + 59_999);
    await expect(verifyAccessToken(secret, token, now + 60_000)).resolves.toMatchObject({
      sub: 'u1',
    });
  });

  it('count only a not-before that is a number of seconds', async () => {
    const token = hmacSigned({ alg: 'HS256' }, { ...valid, nbf: String(iat + 60) });
    await expect(verifyAccessToken(secret, token, now)).resolves.toMatchObject({ sub: 'u1' });
  });

  it('without a subject, once expired, say the session expired', async () => {
    const { sub: _sub, ...noSub } = valid;
    const err = await refusal(
      verifyAccessToken(secret, hmacSigned({ alg: 'HS256' }, noSub), now + 900_000),
    );
    expect(err).toMatchObject({
      status: 401,
      code: 'TOKEN_EXPIRED',
      message: 'Session expired. Please sign in again.',
    });
  });

  it('carry the session they name', async () => {
    const token = hmacSigned({ alg: 'HS256' }, { ...valid, sid: 'family-1' });
    expect(await verifyAccessToken(secret, token, now)).toMatchObject({ sid: 'family-1' });
  });

  it('are refused above 4,096 characters, even when correctly signed', async () => {
    /** A correctly signed token of exactly `length` characters, padded in its e-mail claim. */
    const sized = (length: number) => {
      const withEmail = (n: number) =>
        hmacSigned({ alg: 'HS256' }, { ...valid, email: 'a'.repeat(n) });
      // Each e-mail character adds 4/3 of a character to the token; start just below.
      let n = Math.floor(((length - withEmail(0).length) * 3) / 4) - 2;
      while (withEmail(n).length < length) n++;
      return withEmail(n);
    };
    const longest = sized(4096);
    expect(longest).toHaveLength(4096);
    await expect(verifyAccessToken(secret, longest, now)).resolves.toMatchObject({ sub: 'u1' });
    const tooLong = sized(4097);
    expect(tooLong).toHaveLength(4097);
    await expectRefused(tooLong);
  });
});

describe('access tokens we sign', () => {
  it('name a session only when they were issued with one', async () => {
    const { sid: _sid, ...withoutSession } = claims;
    const token = await signAccessToken(secret, withoutSession, now);
    expect(decodeJwt(token)).not.toHaveProperty('sid');
    expect(await verifyAccessToken(secret, token, now)).toEqual(withoutSession);
    expect(
      await verifyAccessToken(secret, await signAccessToken(secret, claims, now), now),
    ).toEqual(claims);
  });
});
