import { describe, expect, it } from 'vitest';
import { STORAGE_MAX_BYTES } from '@scout/protocol/limits';
import { HttpClient } from './http.ts';
import { createStorage } from './storage.ts';
import {
  BASE_URL,
  FakeApi,
  errorReply,
  jsonReply,
  type RecordedRequest,
  signedInHttp,
  rejection,
} from '../test/fake-api.ts';
import { clientInBrowser } from '../test/browser-client.ts';

const UPLOAD = '/api/storage/troop-42/upload';
const DOWNLOAD = '/api/storage/troop-42/download';
const REMOVE = '/api/storage/troop-42/remove';
const PUBLIC_URL = `${BASE_URL}/api/storage/troop-42/object/avatars/u1-1.png`;

function setup() {
  const api = new FakeApi();
  const http = signedInHttp(api);
  return { api, storage: createStorage(http, 'troop-42') };
}

const form = (req: RecordedRequest) => req.body as FormData;

describe('storage.upload', () => {
  it('sends the file, the path and the options as multipart with the bearer token', async () => {
    const { api, storage } = setup();
    api.on('POST', UPLOAD, () => jsonReply(200, { publicUrl: PUBLIC_URL }));
    const result = await storage.upload(
      new Blob(['png bytes'], { type: 'image/png' }),
      'avatars/u1-1.png',
      { upsert: true },
    );
    expect(result).toEqual({ publicUrl: PUBLIC_URL });
    const req = api.requests[0]!;
    expect(req.headers.authorization).toBe('Bearer access-1');
    expect(req.headers['content-type']).toBeUndefined();
    const body = form(req);
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('path')).toBe('avatars/u1-1.png');
    expect(JSON.parse(body.get('options') as string)).toEqual({ upsert: true });
    const file = body.get('file') as File;
    expect(await file.text()).toBe('png bytes');
    expect(file.name).toBe('u1-1.png');
  });

  it('accepts a File, a Buffer and a Uint8Array, and sends upsert false by default', async () => {
    const { api, storage } = setup();
    api.on('POST', UPLOAD, () => jsonReply(200, { publicUrl: PUBLIC_URL }));
    await storage.upload(new File(['a'], 'photo.png'), 'users/u1/a.png');
    await storage.upload(Buffer.from('bb'), 'users/u1/b.bin');
    await storage.upload(new Uint8Array([1, 2, 3]), 'users/u1/c.bin');
    const sizes = api.requests.map((r) => (form(r).get('file') as File).size);
    expect(sizes).toEqual([1, 2, 3]);
    expect(JSON.parse(form(api.requests[0]!).get('options') as string)).toEqual({ upsert: false });
  });

  it.each([
    ['a string', 'hello'],
    ['an ArrayBuffer', new ArrayBuffer(4)],
    ['a plain object', { name: 'x' }],
    ['null', null],
  ])('refuses %s with "Unsupported file type" before sending anything', async (_what, file) => {
    const { api, storage } = setup();
    const err = await rejection(storage.upload(file as never, 'users/u1/a.txt'));
    expect([err.kind, err.message]).toEqual(['storage', 'Unsupported file type']);
    expect(api.requests).toEqual([]);
  });

  it('refuses an empty path and a file over 50 MB before sending anything', async () => {
    const { api, storage } = setup();
    for (const path of ['', '   ']) {
      const err = await rejection(storage.upload(new Blob(['x']), path));
      expect([err.kind, err.message]).toEqual(['storage', 'Invalid request parameters']);
    }
    const bytes = new Uint8Array(STORAGE_MAX_BYTES + 1);
    for (const big of [bytes, new Blob([bytes])]) {
      const err = await rejection(storage.upload(big, 'users/u1/big.bin'));
      expect([err.kind, err.message]).toEqual(['storage', 'File is too large: the limit is 50 MB']);
    }
    expect(api.requests).toEqual([]);
    // 100 MB of buffers: seconds on a machine busy with the other suites.
  }, 30_000);

  it('turns 409 into "File already exists. Set upsert: true to overwrite."', async () => {
    const { api, storage } = setup();
    api.on('POST', UPLOAD, () =>
      errorReply(409, 'CONFLICT', 'File already exists. Set upsert: true to overwrite.'),
    );
    const err = await rejection(storage.upload(new Blob(['x']), 'users/u1/a.txt'));
    expect(err).toMatchObject({
      kind: 'storage',
      status: 409,
      code: 'CONFLICT',
      userMessage: 'File already exists. Set upsert: true to overwrite.',
    });
    expect(api.requests).toHaveLength(1);
  });

  it('uses the words of docs/product.md section 8 when a status comes without a message', async () => {
    const { api, storage } = setup();
    api.on('POST', UPLOAD, (_req, i) => new Response(null, { status: [409, 400][i] }));
    expect((await rejection(storage.upload(new Blob(['x']), 'a'))).message).toBe(
      'File already exists. Set upsert: true to overwrite.',
    );
    expect((await rejection(storage.upload(new Blob(['x']), 'a'))).message).toBe(
      'Invalid request parameters',
    );
  });

  it("keeps the server's own message, e.g. an avatar that is not an image", async () => {
    const { api, storage } = setup();
    api.on('POST', UPLOAD, () =>
      errorReply(400, 'VALIDATION_ERROR', 'Please upload an image file'),
    );
    const err = await rejection(
      storage.upload(new Blob(['<svg/>']), 'avatars/u1-1.png', { upsert: true }),
    );
    expect(err).toMatchObject({
      kind: 'storage',
      status: 400,
      userMessage: 'Please upload an image file',
    });
  });

  it('fails clearly when the server answers without a public URL', async () => {
    const { api, storage } = setup();
    api.on('POST', UPLOAD, () => jsonReply(200, {}));
    const err = await rejection(storage.upload(new Blob(['x']), 'users/u1/a.txt'));
    expect([err.kind, err.message, err.userMessage]).toEqual([
      'storage',
      'Upload failed - no public URL returned',
      'Upload failed - no public URL returned',
    ]);
  });

  it('retries a failed upsert, never a plain upload', async () => {
    const { api, storage } = setup();
    api.on('POST', UPLOAD, (_req, i) =>
      i === 0
        ? errorReply(503, 'SERVICE_UNAVAILABLE', 'busy')
        : jsonReply(200, { publicUrl: PUBLIC_URL }),
    );
    await expect(
      storage.upload(new Blob(['x']), 'users/u1/a.txt', { upsert: true }),
    ).resolves.toEqual({ publicUrl: PUBLIC_URL });
    expect(api.requests).toHaveLength(2);
    const plain = setup();
    plain.api.on('POST', UPLOAD, () => errorReply(503, 'SERVICE_UNAVAILABLE', 'busy'));
    const err = await rejection(plain.storage.upload(new Blob(['x']), 'users/u1/a.txt'));
    expect([err.kind, err.status, err.retryable]).toEqual(['storage', 503, true]);
    expect(plain.api.requests).toHaveLength(1);
  });

  it('reports a request that never got an answer as a storage error with the network wording', async () => {
    const http = new HttpClient({
      baseUrl: BASE_URL,
      fetch: async () => Promise.reject(new TypeError('Failed to fetch')),
      sleep: async () => {},
    });
    const err = await rejection(
      createStorage(http, 'troop-42').upload(new Blob(['x']), 'users/u1/a.txt'),
    );
    expect(err).toMatchObject({ kind: 'storage', code: 'NETWORK_ERROR', status: undefined });
    expect(err.userMessage).toBe('Network error. Please check your connection and try again.');
  });
});

describe('storage.download', () => {
  it('asks for the path and file name and answers the download description', async () => {
    const { api, storage } = setup();
    const info = {
      downloadUrl: `${PUBLIC_URL}?download=me.png`,
      filename: 'me.png',
      contentType: 'image/png',
      size: 12,
    };
    api.on('GET', DOWNLOAD, () => jsonReply(200, info));
    expect(await storage.download('avatars/u1-1.png', { filename: 'me.png' })).toEqual(info);
    expect([...api.requests[0]!.query.entries()]).toEqual([
      ['path', 'avatars/u1-1.png'],
      ['filename', 'me.png'],
    ]);
    await storage.download('avatars/u1-1.png');
    expect([...api.requests[1]!.query.keys()]).toEqual(['path']);
  });

  it('turns 404 into "File not found"', async () => {
    const { api, storage } = setup();
    api.on('GET', DOWNLOAD, () => errorReply(404, 'NOT_FOUND', 'File not found'));
    const err = await rejection(storage.download('users/u1/none.txt'));
    expect(err).toMatchObject({ kind: 'storage', status: 404, userMessage: 'File not found' });
  });

  it('refuses an empty path before sending anything', async () => {
    const { api, storage } = setup();
    expect((await rejection(storage.download(''))).message).toBe('Invalid request parameters');
    expect(api.requests).toEqual([]);
  });
});

describe('storage.remove', () => {
  it('sends the paths as JSON and answers what was removed', async () => {
    const { api, storage } = setup();
    api.on('DELETE', REMOVE, () => jsonReply(200, { success: true, removed: ['users/u1/a.txt'] }));
    expect(await storage.remove(['users/u1/a.txt', 'users/u1/b.txt'])).toEqual({
      removed: ['users/u1/a.txt'],
    });
    expect(api.requests[0]!.body).toEqual({ paths: ['users/u1/a.txt', 'users/u1/b.txt'] });
    await storage.remove('users/u1/c.txt');
    expect(api.requests[1]!.body).toEqual({ paths: ['users/u1/c.txt'] });
    // Several paths as several arguments, as existing clients call it.
    await storage.remove('users/u1/d.txt', 'users/u1/e.txt');
    expect(api.requests[2]!.body).toEqual({ paths: ['users/u1/d.txt', 'users/u1/e.txt'] });
  });

  it("refuses an empty list or an empty path, and passes the server's 403 on as a storage error", async () => {
    const { api, storage } = setup();
    expect((await rejection(storage.remove([]))).kind).toBe('storage');
    expect((await rejection(storage.remove())).kind).toBe('storage');
    expect((await rejection(storage.remove(['users/u1/a', '']))).message).toBe(
      'Invalid request parameters',
    );
    expect(api.requests).toEqual([]);
    api.on('DELETE', REMOVE, () =>
      errorReply(403, 'FORBIDDEN', 'This file belongs to another user'),
    );
    const err = await rejection(storage.remove(['users/u2/a.txt']));
    expect(err).toMatchObject({
      kind: 'storage',
      status: 403,
      code: 'FORBIDDEN',
      userMessage: 'This file belongs to another user',
    });
  });
});

describe('client.storage', () => {
  it("is part of createClient and sends the signed-in user's token", async () => {
    const { api, client } = clientInBrowser();
    try {
      api.on('POST', UPLOAD, () => jsonReply(200, { publicUrl: PUBLIC_URL }));
      await client.auth.ready();
      await client.auth.signInWithEmail('kim@troop42.test', 'correct horse');
      await client.storage.upload(new Blob(['x']), 'avatars/user-1-1.png', { upsert: true });
      expect(api.calls('POST', UPLOAD)[0]!.headers.authorization).toMatch(/^Bearer access-\d+$/);
    } finally {
      client.auth.dispose();
    }
  });
});
