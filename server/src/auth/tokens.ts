/**
 * Access tokens: JWT HS256, 900 s. The algorithm is pinned when verifying so a token signed
 * with `none` or another algorithm is never accepted.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';

export interface AccessClaims {
  /** User id. */
  sub: string;
  role: string;
  /** Project id. */
  pid: string;
  email: string;
  /**
   * The refresh-token family this access token was issued with, so a caller can act on its own
   * session (e.g. keep it while revoking the others after a password change).
   */
  sid?: string;
}

// Importing raw key bytes costs more than checking the signature; do it once per secret.
const keys = new WeakMap<Uint8Array, KeyObject>();
function keyFor(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ role: claims.role, pid: claims.pid, email: claims.email, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keyFor(secret));
}

/** Returns the claims of a valid token; throws 401 TOKEN_EXPIRED for an expired or bad one. */
export async function verifyAccessToken(secret: Uint8Array, token: string, nowMs: number): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    if (typeof payload.sub !== 'string' || typeof payload.pid !== 'string') throw new Error('claims');
    return {
      sub: payload.sub,
      role: typeof payload.role === 'string' ? payload.role : 'user',
      pid: payload.pid,
      email: typeof payload.email === 'string' ? payload.email : '',
      ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
    };
  } catch (err) {
    const expired = err instanceof joseErrors.JWTExpired;
    throw new ApiError(401, 'TOKEN_EXPIRED', expired ? undefined : 'Invalid access token');
  }
}
