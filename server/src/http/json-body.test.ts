import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from './error-handler.ts';
import { installJsonBody, JSON_BODY_MAX_DEPTH } from './json-body.ts';

describe('JSON bodies', () => {
  const app = Fastify();
  beforeAll(async () => {
    installErrorHandling(app);
    installJsonBody(app);
    app.post('/echo', async (req) => ({ body: req.body ?? null }));
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (payload: string) =>
    app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('read __proto__ keys, plain or escaped, as nothing', async () => {
    for (const key of ['__proto__', '\\u005f\\u005fproto__', '__pr\\u006fto__']) {
      const res = await post(`{"${key}":{"role":"admin"},"name":"x"}`);
      expect(res.statusCode, key).toBe(200);
      const { body } = res.json<{ body: Record<string, unknown> }>();
      expect(body, key).toEqual({ name: 'x' });
      expect(Object.getPrototypeOf(body), key).toBe(Object.prototype);
    }
  });

  it('refuse a body nested deeper than the limit and take one nested as deep', async () => {
    const nested = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const deep = await post(nested(JSON_BODY_MAX_DEPTH + 1));
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await post(nested(JSON_BODY_MAX_DEPTH))).statusCode).toBe(200);
    // Brackets inside strings are text, not nesting.
    const text = `{"a":${JSON.stringify('['.repeat(JSON_BODY_MAX_DEPTH * 2))}}`;
    expect((await post(text)).statusCode).toBe(200);
  });
});
