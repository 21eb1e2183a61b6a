/**
 * Access tokens: JWT HS256, 900 s. The algorithm is pinned when verifying, so a token signed
 * with `none` or any other algorithm is never accepted. Signing and checking run synchronously
 * on node:crypto: every API request checks a token, and WebCrypto's promise round trip through
 * the thread pool cost more than the HMAC itself.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
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

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** Tokens are small; anything much larger is not one of ours and is refused before hashing. */
const MAX_TOKEN_LENGTH = 4096;

const mac = (secret: Uint8Array, data: string) => createHmac('sha256', secret).update(data).digest();

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const payload = {
    role: claims.role,
    pid: claims.pid,
    email: claims.email,
    ...(claims.sid ? { sid: claims.sid } : {}),
    sub: claims.sub,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

const invalid = () => new ApiError(401, 'TOKEN_EXPIRED', 'Invalid access token');

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  return value as Record<string, unknown>;
}

/** Returns the claims of a valid token; throws 401 TOKEN_EXPIRED for an expired or bad one. */
export async function verifyAccessToken(secret: Uint8Array, token: string, nowMs: number): Promise<AccessClaims> {
  if (token.length > MAX_TOKEN_LENGTH) throw invalid();
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid();
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  let header: Record<string, unknown>;
  let payload: Record<string, unknown>;
  try {
    header = decodeJson(headerPart);
    payload = decodeJson(payloadPart);
  } catch {
    throw invalid();
  }
  if (header.alg !== 'HS256' || header.crit !== undefined) throw invalid();
  const expected = mac(secret, `${headerPart}.${payloadPart}`);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();

  const now = Math.floor(nowMs / 1000);
  if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') throw invalid();
  if (typeof payload.nbf === 'number' && payload.nbf > now) throw invalid();
  if (payload.exp <= now) throw new ApiError(401, 'TOKEN_EXPIRED');
  if (typeof payload.sub !== 'string' || typeof payload.pid !== 'string') throw invalid();
  return {
    sub: payload.sub,
    role: typeof payload.role === 'string' ? payload.role : 'user',
    pid: payload.pid,
    email: typeof payload.email === 'string' ? payload.email : '',
    ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
  };
}
