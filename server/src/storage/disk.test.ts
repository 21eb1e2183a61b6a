import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskFileStore, type DiskFileStore } from './disk.ts';
import { PathConflictError } from './file-store.ts';

describe('disk file store', () => {
  let dir: string;
  let store: DiskFileStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-disk-'));
    store = createDiskFileStore(dir);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const put = async (key: string, body: string) => {
    const tmp = await store.createTempFile();
    fs.writeFileSync(tmp, body);
    await store.put(key, tmp, { contentType: 'text/plain', size: body.length });
    return tmp;
  };

  it('publishes a temporary file by moving it into place', async () => {
    const tmp = await put('users/u1/a.txt', 'hello');
    expect(fs.existsSync(tmp)).toBe(false);
    expect(await store.stat('users/u1/a.txt')).toEqual({ size: 5 });
    const opened = await store.open('users/u1/a.txt');
    expect(opened?.size).toBe(5);
    expect(await text(opened!.stream)).toBe('hello');
  });

  it('replaces an object whole', async () => {
    await put('a.txt', 'old contents');
    await put('a.txt', 'new');
    expect(await text((await store.open('a.txt'))!.stream)).toBe('new');
  });

  it('answers null for missing objects and for folders', async () => {
    await put('users/u1/a.txt', 'x');
    for (const key of ['missing.txt', 'users/u1', 'users/u1/a.txt/deeper']) {
      expect(await store.stat(key)).toBeNull();
      expect(await store.open(key)).toBeNull();
    }
  });

  it('removes objects and the folders they leave empty; removing twice is fine', async () => {
    await put('users/u1/deep/a.txt', 'x');
    await put('users/u1/b.txt', 'y');
    await store.remove('users/u1/deep/a.txt');
    await store.remove('users/u1/deep/a.txt');
    expect(fs.existsSync(path.join(dir, 'objects/users/u1/deep'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'objects/users/u1/b.txt'))).toBe(true);
  });

  it('reports a file standing where a folder is needed as a path conflict', async () => {
    await put('users/u1/trip', 'x');
    const tmp = await store.createTempFile();
    fs.writeFileSync(tmp, 'y');
    await expect(
      store.put('users/u1/trip/a.txt', tmp, { contentType: 'text/plain', size: 1 }),
    ).rejects.toBeInstanceOf(PathConflictError);
  });

  it('keeps every key inside its folder', async () => {
    const tmp = await store.createTempFile();
    fs.writeFileSync(tmp, 'x');
    await expect(
      store.put('../escape.txt', tmp, { contentType: 'text/plain', size: 1 }),
    ).rejects.toBeInstanceOf(PathConflictError);
    expect(fs.existsSync(path.join(dir, 'escape.txt'))).toBe(false);
  });
});
