/**
 * Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). Only the PHC
 * string is stored; the password itself never leaves this module.
 */
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

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password, computed once per process. Sign-in verifies against it when the
 * email is unknown (or the account has no password) so that case costs the same time as a
 * wrong password and the answer time does not tell which emails have accounts.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hash(crypto.randomUUID(), ARGON2_OPTIONS).catch((err: unknown) => {
    dummy = undefined;
    throw err;
  });
  return dummy;
}

/** True when `password` matches `stored`; a missing or unreadable hash never matches. */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = stored ?? (await dummyPasswordHash());
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
    throw new ApiError(
      400,
      'WEAK_PASSWORD',
      parsed.error.issues[0]?.message ?? 'Password is too weak',
    );
  return parsed.data;
}
