/**
 * zod schemas for the auth fields, for the server's route schemas; browser code applies the same
 * rules through the plain functions of auth.ts (`looksLikeEmail`, `newPasswordProblem`), so the
 * browser bundle carries no zod. The words are those the screens show (docs/product.md
 * sections 5 and 8).
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.ts';
import { AUTH_ERROR_MESSAGES, UI_MESSAGES } from './errors.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

const invalidEmail = AUTH_ERROR_MESSAGES.INVALID_EMAIL;

/**
 * Trimmed and lower-cased, so the UNIQUE constraint sees `A@x.org` and `a@x.org` as one
 * account; control characters refused.
 */
export const emailSchema = z
  .string({ error: invalidEmail })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, { error: invalidEmail })
  .regex(EMAIL_PATTERN, { error: invalidEmail })
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  .refine((email) => !/[\u0000-\u001f\u007f]/.test(email), { error: invalidEmail });

/** A new password: never trimmed; the upper bound keeps hashing cost bounded. */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: UI_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  });
