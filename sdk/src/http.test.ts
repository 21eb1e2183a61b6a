import { afterEach, describe, expect, it, vi } from 'vitest';
import { HTTP_RETRIES, HTTP_TIMEOUT_MS } from '@scout/protocol/limits';
import { HttpClient, exponentialBackoff, parseRetryAfter, type AccessTokenSource } from './http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply, never, rejection } from '../test/fake-api.ts';

function setup(tokens?: AccessTokenSource) {
  const api = new FakeApi();
  const delays: number[] = [];
  const http = new HttpClient({
    baseUrl: `${BASE_URL}/`,
    fetch: api.fetch,
    sleep: async (ms) => void delays.push(ms),
    backoff: (n) => 100 * 2 ** n,
  });
  if (tokens) http.useTokens(tokens);
  return { api, http, delays };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HttpClient: JSON in and out', () => {
  it('sends JSON with its content type and parses the JSON answer', async () => {
    const { api, http } = setup();
    api.on('POST', '/api/things', (req) => jsonReply(201, { got: req.body }));
    const res = await http.post('/api/things', { name: 'Camp' });
    expect(res.status).toBe(201);
    expect(res.data).toEqual({ got: { name: 'Camp' } });
    expect(api.requests[0]!.url.toString()).toBe(`${BASE_URL}/api/things`);
    expect(api.requests[0]!.headers['content-type']).toBe('application/json');
    expect(api.requests[0]!.headers.accept).toBe('application/json');
  });

  it('answers null for an empty body and appends query parameters in order, repeats included', async () => {
    const { api, http } = setup();
    api.on('DELETE', '/api/things', () => new Response(null, { status: 204 }));
    const res = await http.delete('/api/things', {
      query: [
        ['a', '1'],
        ['a', '2'],
        ['b', 'x y'],
      ],
    });
    expect(res.data).toBeNull();
    expect(api.requests[0]!.query.getAll('a')).toEqual(['1', '2']);
    expect(api.requests[0]!.query.get('b')).toBe('x y');
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const { api, http } = setup();
    api.on('POST', '/api/upload', () => jsonReply(200, { ok: true }));
    const form = new FormData();
    form.append('path', 'a.png');
    await http.post('/api/upload', form);
    expect(api.requests[0]!.body).toBe(form);
    expect(api.requests[0]!.headers['content-type']).toBeUndefined();
  });

  it('turns an error answer into a ScoutError with the server message', async () => {
    const { api, http } = setup();
    api.on('GET', '/api/x', () => errorReply(404, 'NOT_FOUND', 'File not found'));
    const err = await rejection(http.get('/api/x'));
    expect(err).toMatchObject({
      kind: 'network',
      status: 404,
      code: 'NOT_FOUND',
      message: 'File not found',
    });
  });
});

describe('HttpClient: retries', () => {
  it.each([500, 502, 503, 429])(
    'retries a GET after %i and returns the later success',
    async (status) => {
      const { api, http } = setup();
      api.on('GET', '/api/x', (_req, i) =>
        i < 2 ? errorReply(status, 'X', 'busy') : jsonReply(200, { ok: true }),
      );
      const res = await http.get('/api/x');
      expect(res.data).toEqual({ ok: true });
      expect(api.requests).toHaveLength(3);
    },
  );

  it('retries a GET after a network failure', async () => {
    const { api, http } = setup();
    api.on('GET', '/api/x', (_req, i) => {
      if (i === 0) throw new TypeError('fetch failed');
      return jsonReply(200, { ok: true });
    });
    expect((await http.get('/api/x')).data).toEqual({ ok: true });
    expect(api.requests).toHaveLength(2);
  });

  it(`gives up after ${HTTP_RETRIES} retries with exponential delays`, async () => {
    const { api, http, delays } = setup();
    api.on('GET', '/api/x', () => errorReply(503, 'SERVICE_UNAVAILABLE', 'down'));
    const err = await rejection(http.get('/api/x'));
    expect(err.status).toBe(503);
    expect(api.requests).toHaveLength(1 + HTTP_RETRIES);
    expect(delays).toEqual([100, 200, 400]);
  });

  it.each(['PUT', 'DELETE', 'HEAD'] as const)(
    'retries %s, which is safe to repeat',
    async (method) => {
      const { api, http } = setup();
      api.on(method, '/api/x', (_req, i) =>
        i === 0 ? errorReply(500, 'INTERNAL_ERROR', 'x') : new Response(null, { status: 204 }),
      );
      await http.request({ method, path: '/api/x' });
      expect(api.requests).toHaveLength(2);
    },
  );

  it.each(['POST', 'PATCH'] as const)('never repeats a %s on its own', async (method) => {
    const { api, http } = setup();
    api.on(method, '/api/x', () => errorReply(503, 'SERVICE_UNAVAILABLE', 'down'));
    await rejection(http.request({ method, path: '/api/x', body: {} }));
    expect(api.requests).toHaveLength(1);
  });

  it('never repeats a POST after a network failure', async () => {
    const { api, http } = setup();
    api.on('POST', '/api/x', () => {
      throw new TypeError('fetch failed');
    });
    const err = await rejection(http.post('/api/x', {}));
    expect(err).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR', retryable: true });
    expect(api.requests).toHaveLength(1);
  });

  it('retries a POST marked idempotent', async () => {
    const { api, http } = setup();
    api.on('POST', '/api/x', (_req, i) =>
      i === 0 ? errorReply(502, 'X', 'x') : jsonReply(200, []),
    );
    await http.post('/api/x', {}, { idempotent: true });
    expect(api.requests).toHaveLength(2);
  });

  it.each([
    [400, 'VALIDATION_ERROR'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [409, 'CONFLICT'],
  ])('does not retry a GET answered %i', async (status, code) => {
    const { api, http } = setup();
    api.on('GET', '/api/x', () => errorReply(status, code, 'no'));
    await rejection(http.get('/api/x'));
    expect(api.requests).toHaveLength(1);
  });

  it('waits as long as Retry-After says instead of its own backoff', async () => {
    const { api, http, delays } = setup();
    api.on('GET', '/api/x', (_req, i) =>
      i === 0
        ? errorReply(429, 'RATE_LIMITED', 'slow', { 'Retry-After': '7' })
        : jsonReply(200, {}),
    );
    await http.get('/api/x');
    expect(delays).toEqual([7000]);
  });

  it('hands the error back at once when Retry-After asks for longer than a request may last', async () => {
    const { api, http, delays } = setup();
    api.on('GET', '/api/x', () =>
      errorReply(429, 'RATE_LIMITED', 'slow', { 'Retry-After': '3600' }),
    );
    const err = await rejection(http.get('/api/x'));
    expect(err.code).toBe('RATE_LIMITED');
    expect(api.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });
});

describe('HttpClient: timeout', () => {
  it(`aborts an attempt after ${HTTP_TIMEOUT_MS} ms with a retryable network error`, async () => {
    vi.useFakeTimers();
    const api = new FakeApi().on('POST', '/api/slow', () => never());
    const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch });
    const result = rejection(http.post('/api/slow', {}));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const err = await result;
    expect(err).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR', retryable: true });
    expect(err.message).toContain('timed out');
  });

  it('retries a GET that timed out, each attempt with its own timeout', async () => {
    vi.useFakeTimers();
    const api = new FakeApi().on('GET', '/api/slow', (_req, i) =>
      i === 0 ? never() : jsonReply(200, { ok: 1 }),
    );
    const http = new HttpClient({
      baseUrl: BASE_URL,
      fetch: api.fetch,
      timeoutMs: 1000,
      sleep: async () => {},
    });
    const result = http.get('/api/slow');
    await vi.advanceTimersByTimeAsync(1000);
    expect((await result).data).toEqual({ ok: 1 });
    expect(api.requests).toHaveLength(2);
  });
});

describe('HttpClient: bearer token', () => {
  function tokenSource(initial: string | null, refreshed: string | null) {
    let current = initial;
    const source = {
      refreshes: 0,
      getValidAccessToken: async () => current,
      refreshAfterRejection: async () => {
        source.refreshes++;
        current = refreshed;
        return refreshed;
      },
    };
    return source;
  }

  it('attaches the access token, and none when auth is false', async () => {
    const { api, http } = setup(tokenSource('tok-1', null));
    api.on('GET', '/api/x', () => jsonReply(200, {}));
    await http.get('/api/x');
    await http.get('/api/x', { auth: false });
    expect(api.requests[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(api.requests[1]!.headers.authorization).toBeUndefined();
  });

  it('refreshes once and retries once, even a POST, when the token is refused as expired', async () => {
    const tokens = tokenSource('old', 'new');
    const { api, http } = setup(tokens);
    api.on('POST', '/api/x', (req) =>
      req.headers.authorization === 'Bearer new'
        ? jsonReply(201, { ok: true })
        : errorReply(401, 'TOKEN_EXPIRED', 'expired'),
    );
    const res = await http.post('/api/x', { a: 1 });
    expect(res.data).toEqual({ ok: true });
    expect(tokens.refreshes).toBe(1);
    expect(api.requests.map((r) => r.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('does not loop when the refreshed token is refused too', async () => {
    const tokens = tokenSource('old', 'new');
    const { api, http } = setup(tokens);
    api.on('GET', '/api/x', () => errorReply(401, 'TOKEN_EXPIRED', 'expired'));
    const err = await rejection(http.get('/api/x'));
    expect(err.code).toBe('TOKEN_EXPIRED');
    expect(tokens.refreshes).toBe(1);
    expect(api.requests).toHaveLength(2);
  });

  it('does not refresh for other 401s, nor for requests sent without a token', async () => {
    const tokens = tokenSource(null, 'new');
    const { api, http } = setup(tokens);
    api.on('GET', '/api/x', () => errorReply(401, 'TOKEN_EXPIRED', 'expired'));
    api.on('GET', '/api/y', () => errorReply(401, 'UNAUTHORIZED', 'Authentication required'));
    await rejection(http.get('/api/x'));
    expect(tokens.refreshes).toBe(0);
    const withToken = setup(tokenSource('tok', 'new'));
    withToken.api.on('GET', '/api/y', () => errorReply(401, 'INVALID_CREDENTIALS', 'no'));
    await rejection(withToken.http.get('/api/y'));
    expect(withToken.api.requests).toHaveLength(1);
  });
});

describe('backoff helpers', () => {
  it('grows exponentially with jitter inside [base/2, base]', () => {
    expect(exponentialBackoff(0, () => 0)).toBe(250);
    expect(exponentialBackoff(0, () => 1)).toBe(500);
    expect(exponentialBackoff(2, () => 0.5)).toBe(1500);
    expect(exponentialBackoff(20, () => 1)).toBe(10_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
