import type { z } from 'zod';
import { ApiError } from '../errors.ts';
import type { ErrorCode } from '@scout/protocol/errors';

/**
 * Parses input with a zod schema; a failure is a 400 that names the first bad field. Auth
 * routes pass their own code (e.g. INVALID_EMAIL) so clients get a code they understand.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: ErrorCode = 'VALIDATION_ERROR',
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw new ApiError(400, code, `Invalid ${where}: ${issue?.message ?? 'invalid value'}`);
}
