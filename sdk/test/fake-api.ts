/**
 * An in-memory stand-in for the Scout API, for tests of the client alone (the real server is
 * exercised end to end elsewhere). It records every request and answers from registered routes.
 */
import { expect } from 'vitest';
import { ScoutError } from '../src/errors.ts';
import { HttpClient, type FetchLike } from '../src/http.ts';

export interface RecordedRequest {
  method: string;
  url: URL;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** Parsed JSON when the body was JSON, else the raw body. */
  body: unknown;
}

export type FakeReply = Response | Promise<Response>;
type Handler = (req: RecordedRequest, index: number) => FakeReply;

export const BASE_URL = 'https://api.scout.test';

export function jsonReply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function errorReply(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  return jsonReply(status, { error: { code, message }, code, message }, headers);
}

/** A reply that never comes; the request ends only when its signal aborts. */
export const never = (): Promise<Response> => new Promise<Response>(() => {});

export class FakeApi {
  readonly requests: RecordedRequest[] = [];
  private readonly routes: Array<{
    method: string;
    path: string | RegExp;
    handler: Handler;
    calls: number;
  }> = [];

  /** A later route for the same request wins, so a test can override a default answer. */
  on(method: string, path: string | RegExp, handler: Handler): this {
    this.routes.unshift({ method, path, handler, calls: 0 });
    return this;
  }

  /** Requests to one method and path, in order. */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  readonly fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    let body: unknown = init.body ?? undefined;
    if (typeof body === 'string' && headers['content-type']?.includes('application/json'))
      body = JSON.parse(body);
    const req: RecordedRequest = {
      method: init.method ?? 'GET',
      url,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
    };
    this.requests.push(req);
    const route = this.routes.find(
      (r) =>
        r.method === req.method &&
        (typeof r.path === 'string' ? r.path === req.path : r.path.test(req.path)),
    );
    if (!route) return errorReply(404, 'NOT_FOUND', 'Not found');
    const reply = Promise.resolve().then(() => route.handler(req, route.calls++));
    const signal = init.signal;
    if (!signal) return reply;
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (signal.aborted) abort();
      signal.addEventListener('abort', abort);
      reply.then(resolve, reject);
    });
  };
}

/** An HTTP client on `api`, signed in with the access token `access-1`, never pausing to retry. */
export function signedInHttp(api: FakeApi): HttpClient {
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return http;
}

/** The ScoutError `p` rejects with; the test fails when it resolves or rejects with another. */
export async function rejection(p: Promise<unknown>): Promise<ScoutError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ScoutError);
  return err as ScoutError;
}
