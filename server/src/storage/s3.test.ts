/**
 * The S3 driver against a small in-process stand-in that speaks the four S3 calls it uses
 * (path-style PUT, HEAD, GET, DELETE). No real bucket is reachable here; this checks the
 * driver's requests, signing header and stream handling, not S3 itself.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createS3FileStore, type S3FileStore } from './s3.ts';
import { bearer, fetchPublic, upload } from '../../test/storage.ts';

interface FakeS3 {
  server: http.Server;
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  authHeaders: string[];
}

async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const authHeaders: string[] = [];
  const server = http.createServer(async (req, res) => {
    authHeaders.push(String(req.headers.authorization ?? ''));
    const key = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const found = objects.get(key);
    if (req.method === 'PUT') {
      objects.set(key, {
        body: Buffer.concat(chunks),
        contentType: String(req.headers['content-type']),
      });
      res.writeHead(200, { ETag: '"1"' }).end();
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else if (!found) {
      res.writeHead(404, { 'Content-Type': 'application/xml' });
      res.end(
        req.method === 'HEAD'
          ? undefined
          : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>',
      );
    } else {
      res.writeHead(200, {
        'Content-Length': found.body.length,
        'Content-Type': found.contentType,
        ETag: '"1"',
      });
      res.end(req.method === 'HEAD' ? undefined : found.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, endpoint: `http://127.0.0.1:${port}`, objects, authHeaders };
}

describe('S3 file store', () => {
  let s3: FakeS3;
  let tmpDir: string;
  let store: S3FileStore;
  beforeEach(async () => {
    s3 = await startFakeS3();
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-s3-'));
    store = createS3FileStore(
      {
        bucket: 'troop-files',
        region: 'us-east-1',
        endpoint: s3.endpoint,
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
      },
      tmpDir,
    );
  });
  afterEach(async () => {
    store.client.destroy();
    await new Promise((resolve) => s3.server.close(resolve));
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  it('puts, stats, opens and removes objects by path in the bucket, signed with SigV4', async () => {
    const tmp = await store.createTempFile();
    fs.writeFileSync(tmp, 'camp list');
    await store.put('users/u1/a b.txt', tmp, { contentType: 'text/plain; charset=utf-8', size: 9 });
    expect(fs.existsSync(tmp)).toBe(false);
    expect(s3.objects.get('/troop-files/users/u1/a b.txt')).toEqual({
      body: Buffer.from('camp list'),
      contentType: 'text/plain; charset=utf-8',
    });
    expect(s3.authHeaders[0]).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request/,
    );

    expect(await store.stat('users/u1/a b.txt')).toEqual({ size: 9 });
    const opened = await store.open('users/u1/a b.txt');
    expect(opened?.size).toBe(9);
    expect(await text(opened!.stream)).toBe('camp list');

    await store.remove('users/u1/a b.txt');
    expect(s3.objects.size).toBe(0);
    expect(await store.stat('users/u1/a b.txt')).toBeNull();
    expect(await store.open('users/u1/a b.txt')).toBeNull();
  });

  describe('behind the storage API', () => {
    let t: TestApp;
    afterEach(async () => t?.close());

    it('stores an upload in the bucket and serves it from there', async () => {
      t = await buildTestApp({ deps: { files: store } });
      const res = await upload(t, await bearer(t, 'u1'), {
        path: 'users/u1/notes.txt',
        data: 'Troop 7',
      });
      expect(res.statusCode).toBe(200);
      expect(s3.objects.get('/troop-files/users/u1/notes.txt')?.body.toString()).toBe('Troop 7');
      const served = await fetchPublic(t, res.json().publicUrl);
      expect(served.body).toBe('Troop 7');
      expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(fs.readdirSync(tmpDir)).toEqual([]);
    });
  });
});
