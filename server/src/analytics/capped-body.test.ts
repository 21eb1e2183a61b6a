import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OversizeBody, readCappedBody } from './capped-body.ts';

const request = (headers: Record<string, string> = {}) => ({ headers }) as FastifyRequest;

/** A body sent in `count` chunks of `size` bytes, recording how many were asked for. */
function chunked(count: number, size: number) {
  let pulled = 0;
  const stream = new Readable({
    read() {
      pulled++;
      this.push(pulled > count ? null : Buffer.alloc(size, 0x61));
    },
  });
  return { stream, pulled: () => pulled };
}

describe('readCappedBody', () => {
  it('parses JSON whatever its type, and reads anything else as holding nothing', async () => {
    const read = readCappedBody(1000);
    const json = Readable.from([Buffer.from('{"events":'), Buffer.from('[1,2]}')]);
    expect(await read(request(), json)).toEqual({ events: [1, 2] });
    expect(await read(request(), Readable.from([Buffer.from('{not json')]))).toBeUndefined();
    const proto = Readable.from([Buffer.from('{"__proto__":{"x":1},"events":[]}')]);
    expect(Object.getPrototypeOf(await read(request(), proto))).toBe(Object.prototype);
  });

  it('reads nothing of a body declared over the bound', async () => {
    const body = chunked(100, 40);
    const result = await readCappedBody(1000)(request({ 'content-length': '4000' }), body.stream);
    expect(result).toBeInstanceOf(OversizeBody);
    expect(body.pulled()).toBe(0);
  });

  it('stops reading a body that grows past the bound without declaring its length', async () => {
    const body = chunked(1000, 1000);
    const result = await readCappedBody(10_000)(request(), body.stream);
    expect(result).toBeInstanceOf(OversizeBody);
    // The bound, and at most the stream's own 16 KB buffer ahead: far from the whole body.
    expect(body.pulled()).toBeLessThan(40);
  });
});
