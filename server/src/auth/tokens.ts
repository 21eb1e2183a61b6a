/**
 * Access tokens: JWT HS256, 900 s. The algorithm is pinned when verifying, so a token signed
 * with `none` or any other algorithm is never accepted. Signing and checking run synchronously
 * on node:crypto: every API request checks a token, and WebCrypto's promise round trip through
 * the thread pool cost more than the HMAC itself.
 */
import { createHmac } from 'node:crypto';
import { ACCESS_TOKEN_TTL_SECONDS } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import { sameSecret } from '../security/tokens.ts';

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

const mac = (secret: Uint8Array, data: string) =>
  createHmac('sha256', secret).update(data).digest();

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  nowMs: number,
): Promise<string> {
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

const invalid = () => new ApiError('TOKEN_EXPIRED', 'Invalid access token');

function decodeJson(part: string): Record<string, unknown> {
  const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  return value as Record<string, unknown>;
}

/**
 * Tokens whose signature and claims were already checked, per key, under their exact text: a
 * client sends the same token with every request for its 15 minutes. A hit is checked against
 * the clock again (not-before, expiry) every time; a refused token is never kept.
 */
interface Checked {
  /** Null when the subject or project is missing: refused once the times pass. */
  claims: AccessClaims | null;
  exp: number;
  nbf: number | undefined;
}
const CHECKED_MAX = 1024;
const checkedByKey = new WeakMap<Uint8Array, Map<string, Checked>>();

function checkTimes(checked: Checked, nowMs: number): AccessClaims {
  const now = Math.floor(nowMs / 1000);
  if (checked.nbf !== undefined && checked.nbf > now) throw invalid();
  if (checked.exp <= now) throw new ApiError('TOKEN_EXPIRED');
  if (!checked.claims) throw invalid();
  return { ...checked.claims };
}

/** Returns the claims of a valid token; throws 401 TOKEN_EXPIRED for an expired or bad one. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  nowMs: number,
): Promise<AccessClaims> {
  if (token.length > MAX_TOKEN_LENGTH) throw invalid();
  let checked = checkedByKey.get(secret);
  const hit = checked?.get(token);
  // Stryker disable next-line ConditionalExpression: a miss checks the token again, same answer
  if (hit) return checkTimes(hit, nowMs);
  const fresh = checkToken(secret, token);
  const claims = checkTimes(fresh, nowMs);
  // Which tokens are kept, and how many, changes the memory used and never an answer.
  // Stryker disable next-line ConditionalExpression: a new map only forgets checked tokens
  if (!checked) checkedByKey.set(secret, (checked = new Map()));
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: memory only
  if (checked.size >= CHECKED_MAX) {
    const oldest = checked.keys().next();
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: memory only
    if (!oldest.done) checked.delete(oldest.value);
  }
  checked.set(token, fresh);
  return claims;
}

/** Signature, algorithm and claim shapes: everything about a token that does not depend on the time. */
function checkToken(secret: Uint8Array, token: string): Checked {
  const parts = token.split('.');
  if (parts.length !== 3) throw invalid();
  // Stryker disable next-line StringLiteral: never used, there are exactly three parts
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
  if (!sameSecret(given, expected)) throw invalid();

  if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') throw invalid();
  const exp = payload.exp;
  const nbf = typeof payload.nbf === 'number' ? payload.nbf : undefined;
  if (typeof payload.sub !== 'string' || typeof payload.pid !== 'string')
    return { exp, nbf, claims: null };
  return {
    exp,
    nbf,
    claims: {
      sub: payload.sub,
      role: typeof payload.role === 'string' ? payload.role : 'user',
      pid: payload.pid,
      email: typeof payload.email === 'string' ? payload.email : '',
      ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
    },
  };
}
