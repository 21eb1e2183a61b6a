import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { chooseEncoding, installCompression } from './compression.ts';

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
    ['GZIP;Q=1', 'gzip'],
  ])('%j -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressed answers', () => {
  let t: TestApp | undefined;
  let bare: FastifyInstance | undefined;
  afterEach(async () => {
    await t?.close();
    await bare?.close();
  });

  async function appWithRoutes() {
    bare = Fastify();
    installCompression(bare);
    bare.get('/api/test/big', async () => ({
      rows: Array.from({ length: 200 }, (_, i) => ({ id: `event_${i}`, name: 'Troop meeting' })),
    }));
    bare.get('/api/test/small', async () => ({ ok: true }));
    bare.get('/api/test/stream', async (_req, reply) => {
      const { Readable } = await import('node:stream');
      return reply
        .type('application/json')
        .send(Readable.from([JSON.stringify({ pad: 'x'.repeat(5000) })]));
    });
    return bare;
  }

  it('compresses a large JSON answer with the encoding the client prefers, and it decodes to the same', async () => {
    const app = await appWithRoutes();
    const plain = await app.inject({ url: '/api/test/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await app.inject({
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await app.inject({ url: '/api/test/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and streams as they are', async () => {
    const app = await appWithRoutes();
    const small = await app.inject({
      url: '/api/test/small',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const stream = await app.inject({
      url: '/api/test/stream',
      headers: { 'accept-encoding': 'br' },
    });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json().pad).toHaveLength(5000);
  });

  it('is installed in the app: error answers stay JSON for a client that accepts brotli', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ url: '/api/nothing', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
