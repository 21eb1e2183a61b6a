import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { embeddedStore, sharedTestApp } from '../../test/test-app.ts';
import { bearer, nextAddress, signUp } from '../../test/auth.ts';

/** Every kind of unusable input answers a 4xx JSON error in the auth shape; never a 500 or HTML. */
describe.each(embeddedStore)('auth API and bad input (%s)', (kind) => {
  // Every test makes its own accounts, from addresses of its own.
  const t = sharedTestApp({ store: kind });
  let session: SessionResponse;

  const endpoints = [
    { method: 'POST', url: '/api/auth/signup' },
    { method: 'POST', url: '/api/auth/signin/email' },
    { method: 'POST', url: '/api/auth/refresh' },
    { method: 'PATCH', url: '/api/auth/me' },
    { method: 'POST', url: '/api/auth/signout' },
    { method: 'POST', url: '/api/auth/password/reset' },
    { method: 'POST', url: '/api/auth/password/reset/confirm' },
    { method: 'POST', url: '/api/auth/password/reset/generate' },
    { method: 'POST', url: '/api/auth/password/change' },
    { method: 'POST', url: '/api/auth/email/verify' },
    { method: 'POST', url: '/api/auth/email/verify/generate' },
    { method: 'POST', url: '/api/auth/signin/magic' },
    { method: 'POST', url: '/api/auth/signin/magic/verify' },
    { method: 'POST', url: '/api/auth/signin/magic/generate' },
  ] as const;

  const bodies: [string, { payload?: string | Buffer; contentType?: string }][] = [
    ['malformed JSON', { payload: '{"email": "a@b.org", ', contentType: 'application/json' }],
    [
      'a JSON array',
      { payload: '[{"email":"a@b.org","password":"longenough"}]', contentType: 'application/json' },
    ],
    ['a JSON string', { payload: '"hello"', contentType: 'application/json' }],
    ['a JSON number', { payload: '12', contentType: 'application/json' }],
    ['null', { payload: 'null', contentType: 'application/json' }],
    ['an empty body', { payload: '', contentType: 'application/json' }],
    ['no body and no content type', {}],
    ['text/plain', { payload: 'email=a@b.org&password=longenough', contentType: 'text/plain' }],
    [
      'a form body',
      {
        payload: 'email=a%40b.org&password=longenough',
        contentType: 'application/x-www-form-urlencoded',
      },
    ],
    ['an unknown content type', { payload: '<xml/>', contentType: 'application/xml' }],
    [
      'wrong types',
      {
        payload: JSON.stringify({
          email: ['a@b.org'],
          password: { x: 1 },
          refresh_token: 7,
          displayName: 5,
          metadata: true,
        }),
        contentType: 'application/json',
      },
    ],
    [
      'a project id of the wrong type',
      {
        payload: JSON.stringify({ email: 'a@b.org', password: 'long enough', projectId: 1 }),
        contentType: 'application/json',
      },
    ],
    [
      'huge strings',
      {
        payload: JSON.stringify({
          email: 'e'.repeat(200_000),
          password: 'p'.repeat(200_000),
          refresh_token: 'r'.repeat(200_000),
          displayName: 'd'.repeat(200_000),
        }),
        contentType: 'application/json',
      },
    ],
    [
      'deeply nested metadata',
      {
        payload: `{"metadata":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
        contentType: 'application/json',
      },
    ],
    [
      'a __proto__ key',
      {
        payload: '{"__proto__":{"role":"admin"},"email":"x","password":"y"}',
        contentType: 'application/json',
      },
    ],
  ];

  /**
   * Bodies that carry nothing usable but are still valid requests here: PATCH /me with nothing to
   * change answers the profile; sign-out without a usable refresh token ends every session of
   * the bearer, and an unknown refresh token changes nothing.
   */
  const harmless = [
    'null',
    'an empty body',
    'no body and no content type',
    'text/plain',
    'a form body',
    'a __proto__ key',
    'a project id of the wrong type',
  ];
  const acceptedBy: Record<string, string[]> = {
    '/api/auth/me': harmless,
    '/api/auth/signout': [...harmless, 'wrong types', 'huge strings'],
  };

  it.each(endpoints)(
    '$method $url answers every bad body with a 4xx JSON error',
    async ({ method, url }) => {
      session = await signUp(t);
      for (const [label, { payload, contentType }] of bodies) {
        const res = await t.app.inject({
          method,
          url,
          remoteAddress: nextAddress(),
          headers: {
            ...bearer(session.access_token),
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          ...(payload !== undefined ? { payload } : {}),
        });
        const where = `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (acceptedBy[url]?.includes(label)) {
          expect(res.statusCode, where).toBe(200);
          continue;
        }
        expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, where).toBeLessThan(500);
        expect(res.headers['content-type'], where).toContain('application/json');
        const body = res.json();
        expect(typeof body.error, where).toBe('string');
        expect(typeof body.code, where).toBe('string');
        expect(body.message, where).toBe(body.error);
      }
    },
  );

  it('takes a call that needs no body with no body, an empty one or JSON null', async () => {
    for (const [label, { payload, contentType }] of bodies.filter(([label]) =>
      ['null', 'an empty body', 'no body and no content type'].includes(label),
    )) {
      session = await signUp(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email/verify/send',
        remoteAddress: nextAddress(),
        headers: {
          ...bearer(session.access_token),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
    }
  });

  it('answers a 2 MB body with 413', async () => {
    for (const url of ['/api/auth/signup', '/api/auth/signin/email', '/api/auth/refresh']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.org', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('ignores a __proto__ key rather than letting it set the role', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"email":"proto@troop12.org","password":"long enough","__proto__":{"role":"admin"},"metadata":"{\\"__proto__\\":{\\"x\\":1}}"}',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'user', metadata: '{}' });
  });

  it('answers an unknown auth path or a wrong method with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/signup'],
      ['DELETE', '/api/auth/me'],
      ['POST', '/api/auth/nope'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });
});
