import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

describe.each(testStoreKinds)('health and common behaviour (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers {"status":"ok"} once the database answers', async () => {
    t = await buildTestApp({ store: kind });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends the security headers on every response, errors included', async () => {
    t = await buildTestApp({ store: kind });
    for (const url of ['/api/health', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain("unsafe-inline'; script");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('limits frame-ancestors to the configured parent origins', async () => {
    t = await buildTestApp({
      store: kind,
      config: { allowedParentOrigins: ['https://council.example'] },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain(
      'frame-ancestors https://council.example',
    );
  });

  it('answers unknown API paths with a JSON 404, never HTML', async () => {
    t = await buildTestApp({ store: kind });
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: { code: 'NOT_FOUND' } });
  });
});
