/** zod schemas for the auth fields, for the server; browser code uses the plain rules in auth.ts. */
import { z } from 'zod';
import { EMAIL_PATTERN } from './auth.ts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .regex(EMAIL_PATTERN);

export const passwordSchema = z.string().max(PASSWORD_MAX_LENGTH);
