/**
 * No input makes a web-data call answer 500 or anything but JSON: random bodies of every shape,
 * random URLs, header values no HTTP message may carry. The resolver knows only the test names,
 * so nothing leaves the machine; the browser is absent (503) so none is started.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedStore } from '../../test/test-app.ts';
import { buildDataTestApp, type DataTestApp } from '../../test/web-data.ts';
import { createBrowserPool } from './browser-pool.ts';

const CALLS = ['extract-from-url', 'extract-from-blob', 'scrape', 'screenshot', 'fetch', 'search'];

const url = fc.oneof(
  fc.string(),
  fc.webUrl(),
  fc.constantFrom('http://metadata.test/', 'http://[::1]/', 'http://127.0.0.1:1/', 'data:,x'),
);
const body = fc.oneof(
  fc.jsonValue(),
  fc.record({ url, q: fc.string(), formats: fc.array(fc.string()), chunkSize: fc.jsonValue() }),
  fc.record({
    url,
    method: fc.string(),
    headers: fc.dictionary(fc.string(), fc.string({ unit: 'binary' })),
    body: fc.jsonValue(),
    query: fc.dictionary(fc.string(), fc.jsonValue()),
    async: fc.jsonValue(),
  }),
);

describe.each(embeddedStore)('web data never answers 500 (%s)', (kind) => {
  let t: DataTestApp;
  beforeAll(async () => {
    t = await buildDataTestApp({
      store: kind,
      allow: [],
      webData: {
        browser: createBrowserPool({ executablePath: undefined, maxPages: 1 }),
        callsPerMinute: 100_000,
        timeoutMs: 500,
      },
    });
  });
  afterAll(async () => {
    expect(t.net.stray).toEqual([]);
    await t.close();
  });

  it.each(CALLS)('%s answers every body with a JSON 4xx or 5xx it means', async (call) => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/data/${t.deps.config.projectId}/${call}`,
          headers: { authorization: `Bearer ${t.leader}`, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode).not.toBe(500);
        expect(res.headers['content-type']).toContain('application/json');
      }),
      { numRuns: 40 },
    );
  });

  it('a header value HTTP cannot carry is a 400, not a crash', async () => {
    const res = await t.post(
      'fetch',
      { url: 'http://public.test/', headers: { 'X-Price': '20 €' } },
      t.leader,
    );
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_ERROR']);
  });
});
