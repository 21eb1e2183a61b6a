import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse, TokenResponse } from '@scout/protocol/auth';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { bearer } from '../../test/auth.ts';

describe.each(embeddedStore)('auth API logging (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('writes one line per request with status and duration, and never a password or token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({ store: kind, deps: { logger: pino({ level: 'info' }, sink) } });
    const password = 'Sup3r-secret-passphrase';
    const inject = (opts: InjectOptions) => t.app.inject(opts);

    const signup = (
      await inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'logs@troop12.org', password, confirmPassword: password },
      })
    ).json<SessionResponse>();
    const signin = (
      await inject({
        method: 'POST',
        url: '/api/auth/signin/email',
        payload: { email: 'logs@troop12.org', password },
      })
    ).json<SessionResponse>();
    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/signin/email',
      payload: { email: 'logs@troop12.org', password: `${password}!` },
    });
    const refreshed = (
      await inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: signin.refresh_token },
      })
    ).json<TokenResponse>();
    await inject({ method: 'GET', url: '/api/auth/me', headers: bearer(refreshed.access_token) });
    await inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: bearer(refreshed.access_token),
      payload: { refresh_token: refreshed.refresh_token },
    });
    expect(wrong.statusCode).toBe(401);

    const secrets = [
      password,
      signup.access_token,
      signup.refresh_token,
      signin.access_token,
      signin.refresh_token,
      refreshed.access_token,
      refreshed.refresh_token,
    ];
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);

    const requests = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(requests.map((r) => [r.method, r.url, r.status])).toEqual([
      ['POST', '/api/auth/signup', 200],
      ['POST', '/api/auth/signin/email', 200],
      ['POST', '/api/auth/signin/email', 401],
      ['POST', '/api/auth/refresh', 200],
      ['GET', '/api/auth/me', 200],
      ['POST', '/api/auth/signout', 200],
    ]);
    for (const r of requests) expect(typeof r.durationMs).toBe('number');
  });
});
