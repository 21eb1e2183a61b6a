/**
 * The one error type logic throws. `http/error-handler.ts` is the one place that turns it (or
 * anything else) into the wire shape; nothing else writes an error response.
 */
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

  constructor(status: number, code: ErrorCode, message?: string, headers: Record<string, string> = {}) {
    super(message ?? defaultMessage(code));
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
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
  new ApiError(429, 'RATE_LIMITED', undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
