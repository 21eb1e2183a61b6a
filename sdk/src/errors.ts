/**
 * The one error type the SDK throws (ARCHITECTURE pattern 6). Screens branch on `kind` and
 * `code`, show `userMessage`, and may try again when `retryable` is set.
 */
import {
  API_ERROR_MESSAGES,
  AUTH_ERROR_MESSAGES,
  RETRYABLE_AUTH_CODES,
  authErrorMessage,
  isAuthErrorCode,
  type ApiErrorCode,
} from '@scout/protocol/errors';

export type ErrorKind =
  'auth' | 'validation' | 'network' | 'storage' | 'data' | 'realtime' | 'notifications' | 'ai';

export interface ScoutErrorInit {
  kind: ErrorKind;
  code: string;
  message: string;
  status?: number;
  userMessage?: string;
  retryable?: boolean;
  cause?: unknown;
  /** The server's `details` (docs/protocol.md, Errors), e.g. the ISO instant a 429 lifts. */
  details?: string | null;
  /** A refusal's `Retry-After`, in milliseconds. */
  retryAfterMs?: number;
}

export class ScoutError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  /** The HTTP status when the error came from a response; undefined for local failures. */
  readonly status: number | undefined;
  /** Words fit to show a person. */
  readonly userMessage: string;
  readonly retryable: boolean;
  /** The server's `details` about the failure; null when it gave none. */
  readonly details: string | null;
  /** How long the server asked to wait (`Retry-After`) before trying again; undefined if it did not. */
  readonly retryAfterMs: number | undefined;

  constructor(init: ScoutErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ScoutError';
    this.kind = init.kind;
    this.code = init.code;
    this.status = init.status;
    this.userMessage = init.userMessage ?? defaultUserMessage(init.kind, init.code, init.message);
    this.retryable = init.retryable ?? isRetryable(init.code, init.status);
    this.details = init.details ?? null;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export const isScoutError = (err: unknown): err is ScoutError => err instanceof ScoutError;

/**
 * The same failure under a module's own kind (`ai`, `data`, `notifications`), keeping its
 * code, status, words and retryability; the original stays as the cause.
 */
export function withKind(err: ScoutError, kind: ErrorKind): ScoutError {
  if (err.kind === kind) return err;
  return new ScoutError({
    kind,
    code: err.code,
    status: err.status,
    message: err.message,
    userMessage: err.userMessage,
    retryable: err.retryable,
    details: err.details,
    retryAfterMs: err.retryAfterMs,
    cause: err,
  });
}

/**
 * Any failure of a module's request as an error of that module's kind: a ScoutError re-labelled
 * (status, code and retryability kept), anything else a request that got no answer.
 */
export function asKind(err: unknown, kind: ErrorKind, fallbackMessage: string): ScoutError {
  if (err instanceof ScoutError) return withKind(err, kind);
  const message = err instanceof Error ? err.message : fallbackMessage;
  return new ScoutError({ kind, code: 'NETWORK_ERROR', message, cause: err });
}

/** docs/product.md section 8: NETWORK_ERROR and RATE_LIMITED may be tried again, and so may a busy server. */
function isRetryable(code: string, status: number | undefined): boolean {
  if (isAuthErrorCode(code) && RETRYABLE_AUTH_CODES.has(code)) return true;
  return status === 429 || (status !== undefined && status >= 500);
}

function isApiErrorCode(code: string): code is ApiErrorCode {
  return Object.prototype.hasOwnProperty.call(API_ERROR_MESSAGES, code);
}

function defaultUserMessage(kind: ErrorKind, code: string, message: string): string {
  if (isAuthErrorCode(code)) return AUTH_ERROR_MESSAGES[code];
  if (kind === 'auth') return authErrorMessage(code);
  if (message) return message;
  return isApiErrorCode(code) ? API_ERROR_MESSAGES[code] : AUTH_ERROR_MESSAGES.NETWORK_ERROR;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * docs/protocol.md Common: the message is `error.message`, else `message`, else `error` when it is a
 * string (the auth endpoints' shape), else `HTTP <status>`.
 */
export function messageFromBody(status: number, body: unknown): string {
  if (isRecord(body)) {
    const { error, message } = body;
    if (isRecord(error) && nonEmpty(error.message)) return error.message;
    if (nonEmpty(message)) return message;
    if (nonEmpty(error)) return error;
  }
  return `HTTP ${status}`;
}

export function codeFromBody(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (nonEmpty(body.code)) return body.code;
  if (isRecord(body.error) && nonEmpty(body.error.code)) return body.error.code;
  return undefined;
}

function defaultCode(status: number): string {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 400) return 'VALIDATION_ERROR';
  if (status === 429) return 'RATE_LIMITED';
  return 'NETWORK_ERROR';
}

/**
 * docs/product.md section 8: 401 -> auth, 400 -> validation, anything else -> network carrying the
 * status, with the body's `details` and the `Retry-After` (in ms) the HTTP client read.
 */
export function errorFromResponse(
  status: number,
  body: unknown,
  retryAfterMs?: number,
): ScoutError {
  const kind: ErrorKind = status === 401 ? 'auth' : status === 400 ? 'validation' : 'network';
  const code = codeFromBody(body) ?? defaultCode(status);
  const message = messageFromBody(status, body);
  const fromServer = message === `HTTP ${status}` ? '' : message;
  return new ScoutError({
    kind,
    status,
    code,
    message,
    userMessage: defaultUserMessage(kind, code, fromServer),
    details: detailsFromBody(body),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

function detailsFromBody(body: unknown): string | null {
  if (!isRecord(body)) return null;
  if (nonEmpty(body.details)) return body.details;
  return isRecord(body.error) && nonEmpty(body.error.details) ? body.error.details : null;
}

/** The request never got an answer: offline, DNS, CORS, timeout. */
export function networkError(message: string, cause?: unknown): ScoutError {
  return new ScoutError({
    kind: 'network',
    code: 'NETWORK_ERROR',
    message,
    userMessage: AUTH_ERROR_MESSAGES.NETWORK_ERROR,
    cause,
  });
}

export function authError(code: string, message?: string): ScoutError {
  return new ScoutError({ kind: 'auth', code, message: message ?? authErrorMessage(code) });
}

export function validationError(message: string): ScoutError {
  return new ScoutError({
    kind: 'validation',
    code: 'VALIDATION_ERROR',
    message,
    retryable: false,
  });
}
