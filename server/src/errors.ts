/**
 * The one error type logic throws. `http/error-handler.ts` is the one place that turns it (or
 * anything else) into the wire shape; nothing else writes an error response.
 *
 * One way to make one: `new ApiError(code, message?, more?)`. The status comes from the code,
 * through the table in protocol/src/errors.ts (ERROR_STATUS), so a code always answers the same
 * status; the only other status a code may carry is named there (SESSION_USER_GONE_STATUS,
 * passed as `more.status`). A call site names a code, never a status.
 */
import type { FieldCheck } from '@scout/protocol/event-fields';
import {
  API_ERROR_MESSAGES,
  AUTH_ERROR_MESSAGES,
  ERROR_STATUS,
  isAuthErrorCode,
  SESSION_USER_GONE_STATUS,
  type ErrorCode,
} from '@scout/protocol/errors';

export interface ApiErrorMore {
  /** Extra response headers, e.g. Retry-After on 429. */
  headers?: Record<string, string>;
  /** PostgREST's `details` and `hint` (docs/protocol.md, Errors). */
  details?: string | null;
  hint?: string | null;
  /** Only SESSION_USER_GONE_STATUS with USER_NOT_FOUND (protocol/src/errors.ts says why). */
  status?: typeof SESSION_USER_GONE_STATUS;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers: Record<string, string>;
  /** PostgREST's `details` and `hint` (docs/protocol.md, Errors); null when there are none. */
  readonly details: string | null;
  readonly hint: string | null;

  constructor(code: ErrorCode, message?: string, more: ApiErrorMore = {}) {
    super(message ?? defaultMessage(code));
    this.name = 'ApiError';
    this.code = code;
    this.status = statusOf(code, more.status);
    this.headers = more.headers ?? {};
    this.details = more.details ?? null;
    this.hint = more.hint ?? null;
  }
}

/** The table's status for `code`; a status asked for that the table does not allow is a bug. */
function statusOf(code: ErrorCode, asked: number | undefined): number {
  const status = ERROR_STATUS[code];
  if (asked === undefined || asked === status) return status;
  if (asked === SESSION_USER_GONE_STATUS && code === 'USER_NOT_FOUND') return asked;
  throw new Error(`${code} is answered with ${status}, not ${asked} (protocol/src/errors.ts)`);
}

function defaultMessage(code: ErrorCode): string {
  return isAuthErrorCode(code) ? AUTH_ERROR_MESSAGES[code] : API_ERROR_MESSAGES[code];
}

/** The header a 429 carries: how many seconds until trying again may succeed. */
export const retryAfter = (seconds: number) => ({
  'Retry-After': String(Math.max(1, Math.ceil(seconds))),
});
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError('RATE_LIMITED', undefined, { headers: retryAfter(retryAfterSeconds) });

/** The value a shared field rule answers (protocol/src/event-fields.ts); a refusal is a 400 in its words. */
export function fieldValue<T>(check: FieldCheck<T>): T {
  if (!check.ok) throw new ApiError('VALIDATION_ERROR', check.message);
  return check.value;
}
