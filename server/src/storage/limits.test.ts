import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { STORAGE_MAX_BYTES } from '@scout/protocol/limits';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { bearer, fileRows, filesOnDisk } from '../../test/storage.ts';

const BOUNDARY = '----scout-upload-boundary';
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** A multipart body produced chunk by chunk: the test never holds the file in memory either. */
function streamedUpload(path: string, fileBytes: number): Readable {
  async function* body() {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${path}\r\n`,
    );
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    for (let left = fileBytes; left > 0; left -= CHUNK.length)
      yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return Readable.from(body(), { objectMode: false });
}

/** Sends the body over a real socket and resolves with the answer, even if the server stops reading. */
function post(
  url: string,
  auth: string,
  body: Readable,
): Promise<{ status: number; json: { error?: { message: string }; publicUrl?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
    });
    // Once the answer is on its way the server may close the socket under the rest of the body.
    req.on('error', (err) => (req.writableEnded ? undefined : reject(err)));
    body.on('error', reject);
    body.pipe(req);
  });
}

describe.each(embeddedStore)('storage size limit (%s)', (kind) => {
  let t: TestApp;
  let url: string;
  let alice: string;
  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    url = `http://127.0.0.1:${port}/api/storage/${t.deps.config.projectId}/upload`;
    alice = await bearer(t, 'alice');
  });
  afterEach(async () => t.close());

  it('refuses a 50 MB + 1 byte upload with 413, streamed, and stores nothing', async () => {
    const res = await post(
      url,
      alice,
      streamedUpload('users/alice/big.bin', STORAGE_MAX_BYTES + 1),
    );
    expect(res.status).toBe(413);
    expect(res.json.error?.message).toBe('File is too large: the limit is 50 MB');
    expect(filesOnDisk(t)).toEqual([]);
    expect(await fileRows(t)).toEqual([]);
  });

  it('accepts a file of exactly 50 MB', async () => {
    const res = await post(url, alice, streamedUpload('users/alice/big.bin', STORAGE_MAX_BYTES));
    expect(res.status).toBe(200);
    expect(filesOnDisk(t)).toEqual(['objects/users/alice/big.bin']);
    const { rows } = await t.deps.store.query<{ size: number }>('SELECT size FROM files');
    expect(rows.map((r) => Number(r.size))).toEqual([STORAGE_MAX_BYTES]);
  });
});
