/**
 * Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). Only the PHC
 * string is stored; the password itself never leaves this module.
 */
import crypto from 'node:crypto';
import type { Algorithm, Options } from '@node-rs/argon2';
import { newPasswordSchema } from '@scout/protocol/auth-schemas';
import { ApiError } from '../errors.ts';
import { hashOnPool as hash, verifyOnPool as verify } from './password-hasher.ts';

// `Algorithm` is an ambient const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

const b64 = (bytes: number) => crypto.randomBytes(bytes).toString('base64').replace(/=+$/, '');

/**
 * What sign-in verifies against when the email is unknown (or the account has no password), so
 * that case costs the same argon2id work as a wrong password and the answer time does not tell
 * which emails have accounts. Verifying derives a key from the salt with these parameters and
 * compares it with the stored one, so random salt and key bytes cost exactly what a real hash
 * does, and no password matches them; made without hashing, so a starting server runs none.
 */
export const DUMMY_PASSWORD_HASH = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$${b64(16)}$${b64(32)}`;

/** True when `password` matches `stored`; a missing or unreadable hash never matches. */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = stored ?? DUMMY_PASSWORD_HASH;
  let ok: boolean;
  try {
    ok = await verify(target, password);
  } catch {
    ok = false;
  }
  return ok && stored !== null && stored !== undefined;
}

/** Server-side length rule (docs/product.md section 5); the upper bound keeps hashing cost bounded. */
export function assertPasswordAcceptable(password: unknown): string {
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success)
    throw new ApiError('WEAK_PASSWORD', parsed.error.issues[0]?.message ?? 'Password is too weak');
  return parsed.data;
}
