/**
 * The one way the SDK talks HTTP: JSON in and out, a bearer token from the auth client, a
 * timeout, and retries for calls that are safe to repeat (docs/product.md section 9: 60 s, 3 retries).
 */
import { HTTP_RETRIES, HTTP_TIMEOUT_MS } from '@scout/protocol/limits';
import { ScoutError, errorFromResponse, networkError } from './errors.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What the HTTP client needs from the auth client; kept narrow so each can be tested alone. */
export interface AccessTokenSource {
  /** A token fit to send now (refreshed first when it is about to expire), or null when signed out. */
  getValidAccessToken(): Promise<string | null>;
  /** The server said `rejected` has expired: refresh (once, shared) and answer the new token. */
  refreshAfterRejection(rejected: string): Promise<string | null>;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the base URL, starting with `/`. */
  path: string;
  /** Appended in order; a name may repeat. Undefined values are left out. */
  query?: URLSearchParams | Array<[string, QueryValue]> | Record<string, QueryValue>;
  /** Plain values are sent as JSON; FormData, Blob, ArrayBuffer, URLSearchParams and strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Marks a POST or PATCH as safe to repeat, so it is retried like a GET. */
  idempotent?: boolean;
  /** `json` (default) parses JSON and tolerates an empty body; `raw` leaves the body unread. */
  responseType?: 'json' | 'text' | 'blob' | 'raw';
  signal?: AbortSignal;
  timeoutMs?: number;
  retries?: number;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
  /** The untouched response; its body is still unread only for `responseType: 'raw'`. */
  response: Response;
}

export interface HttpClientOptions {
  baseUrl: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  retries?: number;
  /** Delay before retry n (0-based) when the server gives no Retry-After. */
  backoff?: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 10_000;
/** A Retry-After longer than this is not waited out inside one call: the error goes to the caller. */
const RETRY_AFTER_MAX_MS = HTTP_TIMEOUT_MS;

/** Exponential backoff with jitter, so many clients failing together do not retry together. */
export function exponentialBackoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return base / 2 + random() * (base / 2);
}

/** Retry-After is either seconds or an HTTP date. Answers ms to wait, or undefined. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function defaultFetch(): FetchLike {
  // Called through a closure: a browser's fetch throws "Illegal invocation" when `this` is not the global.
  return (input, init) => globalThis.fetch(input, init);
}

function isPassThroughBody(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function appendQuery(url: string, query: HttpRequest['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  const entries =
    query instanceof URLSearchParams
      ? [...query.entries()]
      : Array.isArray(query)
        ? query
        : Object.entries(query);
  for (const [k, v] of entries)
    if (v !== undefined) params.append(k, v === null ? 'null' : String(v));
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

async function readBody(response: Response, type: HttpRequest['responseType']): Promise<unknown> {
  if (type === 'raw') return undefined;
  if (type === 'blob') return response.blob();
  const text = await response.text();
  if (type === 'text') return text;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class HttpClient {
  readonly baseUrl: string;
  private readonly fetchImpl: FetchLike;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoff: (attempt: number) => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private tokens: AccessTokenSource | undefined;

  constructor(options: HttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? defaultFetch();
    this.timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
    this.retries = options.retries ?? HTTP_RETRIES;
    this.backoff = options.backoff ?? ((n) => exponentialBackoff(n));
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** The auth client plugs itself in here; until then requests go without a token. */
  useTokens(source: AccessTokenSource): void {
    this.tokens = source;
  }

  url(path: string, query?: HttpRequest['query']): string {
    return appendQuery(`${this.baseUrl}${path}`, query);
  }

  async request<T = unknown>(req: HttpRequest): Promise<HttpResponse<T>> {
    const source = req.auth === false ? undefined : this.tokens;
    const token = source ? await source.getValidAccessToken() : null;
    try {
      return await this.withRetries<T>(req, token);
    } catch (err) {
      // The server rejected the token before doing anything, so one retry is safe for any method.
      if (
        token &&
        source &&
        err instanceof ScoutError &&
        err.status === 401 &&
        err.code === 'TOKEN_EXPIRED'
      ) {
        const fresh = await source.refreshAfterRejection(token);
        if (fresh && fresh !== token) return this.withRetries<T>(req, fresh);
      }
      throw err;
    }
  }

  get<T = unknown>(path: string, init: Omit<HttpRequest, 'path' | 'method'> = {}) {
    return this.request<T>({ ...init, path, method: 'GET' });
  }
  post<T = unknown>(
    path: string,
    body?: unknown,
    init: Omit<HttpRequest, 'path' | 'method' | 'body'> = {},
  ) {
    return this.request<T>({ ...init, path, method: 'POST', body });
  }
  patch<T = unknown>(
    path: string,
    body?: unknown,
    init: Omit<HttpRequest, 'path' | 'method' | 'body'> = {},
  ) {
    return this.request<T>({ ...init, path, method: 'PATCH', body });
  }
  delete<T = unknown>(path: string, init: Omit<HttpRequest, 'path' | 'method'> = {}) {
    return this.request<T>({ ...init, path, method: 'DELETE' });
  }

  private async withRetries<T>(req: HttpRequest, token: string | null): Promise<HttpResponse<T>> {
    const method = req.method ?? 'GET';
    const repeatable = req.idempotent ?? SAFE_METHODS.has(method);
    const maxRetries = repeatable ? (req.retries ?? this.retries) : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(req, token);
      } catch (err) {
        if (!(err instanceof RetrySignal)) throw err;
        if (attempt >= maxRetries || req.signal?.aborted) throw err.error;
        const wait = err.retryAfterMs ?? this.backoff(attempt);
        if (wait > RETRY_AFTER_MAX_MS) throw err.error;
        await this.sleep(wait);
      }
    }
  }

  /** One attempt. Failures worth retrying come back wrapped in RetrySignal. */
  private async once<T>(req: HttpRequest, token: string | null): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (req.body !== undefined) {
      if (isPassThroughBody(req.body)) body = req.body as BodyInit;
      else {
        body = JSON.stringify(req.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    Object.assign(headers, req.headers);

    const controller = new AbortController();
    const timeoutMs = req.timeoutMs ?? this.timeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort);
    if (req.signal?.aborted) controller.abort();

    try {
      let response: Response;
      let data: unknown;
      try {
        response = await this.fetchImpl(this.url(req.path, req.query), {
          method: req.method ?? 'GET',
          headers,
          body,
          signal: controller.signal,
        });
        data = response.ok
          ? await readBody(response, req.responseType)
          : await readBody(response, 'json');
      } catch (cause) {
        if (timedOut)
          throw new RetrySignal(networkError(`Request timed out after ${timeoutMs} ms`, cause));
        if (req.signal?.aborted) throw networkError('Request aborted', cause);
        throw new RetrySignal(
          networkError(cause instanceof Error ? cause.message : 'Network request failed', cause),
        );
      }
      if (response.ok)
        return { status: response.status, headers: response.headers, data: data as T, response };
      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'), Date.now());
      const error = errorFromResponse(response.status, data, retryAfterMs);
      if (response.status === 429 || response.status >= 500)
        throw new RetrySignal(error, retryAfterMs);
      throw error;
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }
}

class RetrySignal {
  constructor(
    readonly error: ScoutError,
    readonly retryAfterMs?: number,
  ) {}
}
