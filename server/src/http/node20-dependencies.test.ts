/**
 * Two packages in the server's tree declare Node 22 (`npm install` warns EBADENGINE) while the
 * product runs on Node 20: `content-disposition@3` (loaded by @fastify/static) and `cookie@2`
 * (loaded by fastify's inject, light-my-request). Neither can be pinned back: their dependants
 * call functions only these majors have. This proves, on the Node that runs the tests, that the
 * functions our server reaches work as documented (docs/decisions/012-node-22-engine-warnings.md).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app.ts';

const require = createRequire(import.meta.url);
const fromStatic = createRequire(require.resolve('@fastify/static'));
const fromInject = createRequire(
  createRequire(require.resolve('fastify')).resolve('light-my-request'),
);

describe('dependencies that declare Node 22, on this Node', () => {
  it('runs on Node 20 here', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(20);
  });

  it('content-disposition builds headers for plain and non-ASCII file names', () => {
    const { create } = fromStatic('content-disposition') as { create: (name: string) => string };
    expect(create('packing list.pdf')).toBe('attachment; filename="packing list.pdf"');
    expect(create('Café menu.pdf')).toBe(
      `attachment; filename="Caf? menu.pdf"; filename*=UTF-8''Caf%C3%A9%20menu.pdf`,
    );
  });

  it('cookie serialises Set-Cookie the way fastify inject reads it back', () => {
    const { stringifySetCookie } = fromInject('cookie') as {
      stringifySetCookie: (c: { name: string; value: string; httpOnly?: boolean }) => string;
    };
    expect(stringifySetCookie({ name: 'sid', value: 'abc', httpOnly: true })).toBe(
      'sid=abc; HttpOnly',
    );
  });

  it('the app that loads them starts and answers', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
