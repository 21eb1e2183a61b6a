import { describe, expect, it } from 'vitest';
import { ScoutError } from './errors.ts';
import { createData } from './data.ts';
import { FakeApi, errorReply, jsonReply, signedInHttp } from '../test/fake-api.ts';

function setup() {
  const api = new FakeApi();
  const http = signedInHttp(api);
  return { api, data: createData(http, 'troop-42') };
}

describe('data', () => {
  it('extractFromBlob sends a real multipart form with the file and the chunking fields', async () => {
    const { api, data } = setup();
    api.on('POST', '/api/data/troop-42/extract-from-blob', () => jsonReply(200, { chunks: ['a'] }));
    const file = new File(['Bring a tent.'], 'list.txt', { type: 'text/plain' });
    expect(await data.extractFromBlob(file, { chunking: true, chunkSize: 200 })).toEqual({
      chunks: ['a'],
    });
    const form = api.requests[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('list.txt');
    expect([form.get('chunking'), form.get('chunkSize')]).toEqual(['true', '200']);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer access-1');
  });

  it('accepts a Buffer, and refuses what is not a file or is empty before sending', async () => {
    const { api, data } = setup();
    api.on('POST', '/api/data/troop-42/extract-from-blob', () => jsonReply(200, { text: 'x' }));
    expect(await data.extractFromBlob(Buffer.from('hello'))).toEqual({ text: 'x' });
    await expect(data.extractFromBlob('text' as never)).rejects.toMatchObject({
      kind: 'data',
      code: 'VALIDATION_ERROR',
    });
    await expect(data.extractFromBlob(new Uint8Array())).rejects.toBeInstanceOf(ScoutError);
    expect(api.requests).toHaveLength(1);
  });

  it('fetchAsync asks the server to trigger; fetch does not', async () => {
    const { api, data } = setup();
    api.on('POST', '/api/data/troop-42/fetch', (req) =>
      jsonReply(
        200,
        (req.body as { async?: boolean }).async
          ? { status: 'triggered', message: 'ok' }
          : { status: 200, headers: {}, body: 'x', durationMs: 1 },
      ),
    );
    expect((await data.fetchAsync({ url: 'https://hooks.example/x' })).status).toBe('triggered');
    expect((await data.fetch({ url: 'https://api.example/x' })).status).toBe(200);
    expect(api.requests.map((r) => (r.body as { async?: boolean }).async)).toEqual([
      true,
      undefined,
    ]);
  });

  it('gives server refusals as data errors with their code and status', async () => {
    const { api, data } = setup();
    api.on('POST', '/api/data/troop-42/scrape', () =>
      errorReply(503, 'BROWSER_UNAVAILABLE', 'Page capture is not available'),
    );
    await expect(data.scrape('https://council.example/')).rejects.toMatchObject({
      kind: 'data',
      code: 'BROWSER_UNAVAILABLE',
      status: 503,
    });
    await expect(data.screenshot('ftp://x')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(data.search('  ')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
