/**
 * The one error type logic throws. `http/error-handler.ts` is the one place that turns it (or
 * anything else) into the wire shape; nothing else writes an error response.
 */
import type { FieldCheck } from '@scout/protocol/event-fields';
import {
  API_ERROR_MESSAGES,
  AUTH_ERROR_MESSAGES,
  isAuthErrorCode,
  type ErrorCode,
} from '@scout/protocol/errors';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers: Record<string, string>;
  /** PostgREST's `details` and `hint` (docs/protocol.md, Errors); null when there are none. */
  readonly details: string | null;
  readonly hint: string | null;

  constructor(
    status: number,
    code: ErrorCode,
    message?: string,
    headers: Record<string, string> = {},
    more: { details?: string | null; hint?: string | null } = {},
  ) {
    super(message ?? defaultMessage(code));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.details = more.details ?? null;
    this.hint = more.hint ?? null;
  }
}

function defaultMessage(code: ErrorCode): string {
  return isAuthErrorCode(code) ? AUTH_ERROR_MESSAGES[code] : API_ERROR_MESSAGES[code];
}

export const badRequest = (message?: string) => new ApiError(400, 'VALIDATION_ERROR', message);
export const unauthorized = (message?: string) => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message?: string) => new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message?: string) => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message?: string) => new ApiError(409, 'CONFLICT', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, 'RATE_LIMITED', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** The value a shared field rule answers (protocol/src/event-fields.ts); a refusal is a 400 in its words. */
export function fieldValue<T>(check: FieldCheck<T>): T {
  if (!check.ok) throw badRequest(check.message);
  return check.value;
}
