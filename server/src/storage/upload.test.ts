import { describe, expect, it } from 'vitest';
import { embeddedStore, sharedTestApp } from '../../test/test-app.ts';
import {
  SERVICE_KEY,
  bearer,
  download,
  fetchPublic,
  fileRows,
  filesOnDisk,
  messageOf,
  remove,
  serviceKeys,
  upload,
} from '../../test/storage.ts';

describe.each(embeddedStore)('storage upload, download and remove (%s)', (kind) => {
  // One app for the suite; each test starts on an empty store and file store.
  const t = sharedTestApp({ store: kind, deps: { serviceKeys }, empty: true });
  const start = async () => ({ alice: await bearer(t, 'alice'), bob: await bearer(t, 'bob') });

  it("stores a file under the caller's folder and serves it at the public URL without Authorization", async () => {
    const { alice } = await start();
    const res = await upload(t, alice, {
      path: 'users/alice/notes.txt',
      data: 'Troop 42 meets on Monday',
    });
    expect(res.statusCode).toBe(200);
    const { publicUrl } = res.json();
    expect(publicUrl).toBe(
      `${t.deps.config.publicUrl}/api/storage/${t.deps.config.projectId}/object/users/alice/notes.txt`,
    );
    const got = await fetchPublic(t, publicUrl);
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe('Troop 42 meets on Monday');
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('lets the path decide, whatever the multipart filename says', async () => {
    const { alice } = await start();
    const res = await upload(t, alice, {
      path: 'users/alice/report 2026 é.txt',
      data: 'hello',
      filename: 'evil.exe',
    });
    expect(res.statusCode).toBe(200);
    const { publicUrl } = res.json();
    expect(publicUrl).toContain('/object/users/alice/report%202026%20%C3%A9.txt');
    expect((await fetchPublic(t, publicUrl)).body).toBe('hello');
  });

  it('refuses anonymous callers and unknown projects before reading the file', async () => {
    await start();
    const anon = await upload(t, undefined, { path: 'users/alice/a.txt', data: 'x' });
    expect(anon.statusCode).toBe(401);
    const bad = await upload(t, 'Bearer not-a-token', { path: 'users/alice/a.txt', data: 'x' });
    expect(bad.statusCode).toBe(401);
    const alice = await bearer(t, 'alice');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/storage/another-project/download?path=a',
      headers: { authorization: alice },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PROJECT_NOT_FOUND');
    expect(await fileRows(t)).toEqual([]);
  });

  it.each([
    ['../x'],
    ['/etc/passwd'],
    ['a/../../b'],
    ['users/alice/../../etc/passwd'],
    ['%2e%2e/x'],
    ['%252e%252e%252fx'],
    ['users/alice/./a.txt'],
    ['users/alice//a.txt'],
    ['users/alice/'],
    ['users\\alice\\a.txt'],
    ['users/alice/a\u0000.txt'],
    ['users/alice/a\nb.txt'],
    ['users/alice/a\u001b.txt'],
    [`users/alice/${'a'.repeat(520)}`],
    ['C:/Windows/win.ini'],
    [' '],
    [''],
  ])(
    'answers 400 "Invalid request parameters" for the path %j, on upload and on download',
    async (bad) => {
      const { alice } = await start();
      const up = await upload(t, alice, { path: bad, data: 'x' });
      expect(up.statusCode).toBe(400);
      expect(messageOf(up)).toBe('Invalid request parameters');
      const down = await download(t, alice, { path: bad });
      expect(down.statusCode).toBe(400);
      expect(messageOf(down)).toBe('Invalid request parameters');
      expect(filesOnDisk(t)).toEqual([]);
    },
  );

  it('answers 400 when the path or the file is missing, or the options are not JSON', async () => {
    const { alice } = await start();
    expect((await upload(t, alice, { data: 'x' })).statusCode).toBe(400);
    expect((await upload(t, alice, { path: 'users/alice/a.txt' })).statusCode).toBe(400);
    expect(
      (await upload(t, alice, { path: 'users/alice/a.txt', data: 'x', options: '{upsert' }))
        .statusCode,
    ).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/storage/${t.deps.config.projectId}/upload`,
      headers: { authorization: alice, 'content-type': 'application/json' },
      payload: { path: 'users/alice/a.txt' },
    });
    expect(json.statusCode).toBe(400);
    expect(messageOf(json)).toBe('Invalid request parameters');
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('answers a malformed multipart body with a 400 JSON error, never a 500', async () => {
    const { alice } = await start();
    const url = `/api/storage/${t.deps.config.projectId}/upload`;
    const part = (name: string, value: string, extra = '') =>
      `--b\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n\r\n${value}\r\n`;
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      [
        'multipart/form-data; boundary=b',
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\ncut sho',
      ],
      ['multipart/form-data; boundary=b', `${part('__proto__', 'x')}--b--\r\n`],
      ['multipart/form-data; boundary=b', ''],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: alice, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    // A JSON-typed options part arrives parsed; it counts the same as the JSON string.
    const jsonOptions = `${part('path', 'users/alice/j.txt')}${part('options', '{"upsert":true}', '\r\nContent-Type: application/json')}${part('file', 'abc', '; filename="blob"')}--b--\r\n`;
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: alice, 'content-type': 'multipart/form-data; boundary=b' },
        payload: jsonOptions,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(filesOnDisk(t)).toEqual(['objects/users/alice/j.txt']);
  });

  it('refuses a second file in one upload and leaves nothing behind', async () => {
    const { alice } = await start();
    const res = await upload(t, alice, {
      path: 'users/alice/a.txt',
      data: 'one',
      extra: (form) => form.append('file', new Blob(['two']), 'blob'),
    });
    expect(res.statusCode).toBe(400);
    expect(filesOnDisk(t)).toEqual([]);
  });

  it.each([
    ['users/bob/a.txt', "another user's folder"],
    ['avatars/bob-1700000000000.png', "another user's avatar"],
    ['avatars/alice-latest.png', 'an avatar name without a timestamp'],
    ['avatars/alice-1700000000000-bob.png', 'an avatar name with extra parts'],
    ['users/alice', 'the folder name itself'],
    ['public/troop-flyer.txt', 'a shared folder'],
    ['calendar.txt', 'the top level'],
  ])('refuses a user writing to %s (%s) with 403', async (path) => {
    const { alice } = await start();
    const res = await upload(t, alice, { path, data: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(filesOnDisk(t)).toEqual([]);
    expect(await fileRows(t)).toEqual([]);
  });

  it('lets admins and service keys write anywhere', async () => {
    await start();
    const admin = await bearer(t, 'admin-1', 'admin');
    expect((await upload(t, admin, { path: 'public/flyer.txt', data: 'camp' })).statusCode).toBe(
      200,
    );
    expect(
      (await upload(t, `Bearer ${SERVICE_KEY}`, { path: 'users/bob/welcome.txt', data: 'hi' }))
        .statusCode,
    ).toBe(200);
    expect(await fileRows(t)).toEqual([
      { path: 'public/flyer.txt', owner_id: 'admin-1' },
      { path: 'users/bob/welcome.txt', owner_id: null },
    ]);
  });

  it('answers 409 for a taken path without upsert, and replaces the file with upsert', async () => {
    const { alice } = await start();
    const path = 'users/alice/plan.txt';
    const first = await upload(t, alice, { path, data: 'first' });
    const again = await upload(t, alice, { path, data: 'second' });
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe('File already exists. Set upsert: true to overwrite.');
    expect((await fetchPublic(t, first.json().publicUrl)).body).toBe('first');
    const notUpsert = await upload(t, alice, { path, data: 'second', options: '{"upsert":false}' });
    expect(notUpsert.statusCode).toBe(409);
    const upserted = await upload(t, alice, {
      path,
      data: 'second',
      options: JSON.stringify({ upsert: true }),
    });
    expect(upserted.statusCode).toBe(200);
    expect((await fetchPublic(t, upserted.json().publicUrl)).body).toBe('second');
    expect(filesOnDisk(t)).toEqual(['objects/users/alice/plan.txt']);
  });

  it("refuses overwriting or removing another user's file, and the file stays as it was", async () => {
    const { alice, bob } = await start();
    const path = 'users/alice/badge.txt';
    const { publicUrl } = (await upload(t, alice, { path, data: "alice's" })).json();
    expect(
      (await upload(t, bob, { path, data: "bob's", options: '{"upsert":true}' })).statusCode,
    ).toBe(403);
    expect((await remove(t, bob, [path])).statusCode).toBe(403);
    // A file an admin placed in Alice's folder is the admin's, not Alice's.
    const admin = await bearer(t, 'admin-1', 'admin');
    expect(
      (await upload(t, admin, { path: 'users/alice/rules.txt', data: 'rules' })).statusCode,
    ).toBe(200);
    expect(
      (
        await upload(t, alice, {
          path: 'users/alice/rules.txt',
          data: 'mine',
          options: '{"upsert":true}',
        })
      ).statusCode,
    ).toBe(403);
    expect((await remove(t, alice, ['users/alice/rules.txt'])).statusCode).toBe(403);
    expect((await fetchPublic(t, publicUrl)).body).toBe("alice's");
    expect((await fetchPublic(t, publicUrl.replace('badge', 'rules'))).body).toBe('rules');
  });

  it("removes the caller's files, all or nothing", async () => {
    const { alice } = await start();
    const admin = await bearer(t, 'admin-1', 'admin');
    await upload(t, alice, { path: 'users/alice/a.txt', data: 'a' });
    await upload(t, admin, { path: 'users/bob/b.txt', data: 'b' });
    const refused = await remove(t, alice, ['users/alice/a.txt', 'users/bob/b.txt']);
    expect(refused.statusCode).toBe(403);
    expect(filesOnDisk(t)).toEqual(['objects/users/alice/a.txt', 'objects/users/bob/b.txt']);

    const res = await remove(t, alice, ['users/alice/a.txt', 'users/alice/missing.txt']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, removed: ['users/alice/a.txt'] });
    expect(filesOnDisk(t)).toEqual(['objects/users/bob/b.txt']);
    expect((await download(t, alice, { path: 'users/alice/a.txt' })).statusCode).toBe(404);
    // The path is free again.
    expect((await upload(t, alice, { path: 'users/alice/a.txt', data: 'again' })).statusCode).toBe(
      200,
    );
  });

  it('answers 400 for a remove body without paths, or with a bad path', async () => {
    const { alice } = await start();
    for (const paths of [undefined, [], [42], ['../etc/passwd']]) {
      const res = await remove(t, alice, paths);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe('Invalid request parameters');
    }
  });

  it('describes a download and serves it as an attachment under the asked-for name', async () => {
    const { alice, bob } = await start();
    await upload(t, alice, { path: 'users/alice/minutes.txt', data: 'Minutes of the meeting' });
    const res = await download(t, bob, {
      path: 'users/alice/minutes.txt',
      filename: 'Meeting "notes".txt',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      filename: 'Meeting "notes".txt',
      contentType: 'text/plain; charset=utf-8',
      size: 22,
    });
    const file = await fetchPublic(t, body.downloadUrl);
    expect(file.body).toBe('Minutes of the meeting');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="Meeting _notes_.txt"; filename*=UTF-8\'\'Meeting%20_notes_.txt',
    );
    const plain = await download(t, alice, { path: 'users/alice/minutes.txt' });
    expect(plain.json().filename).toBe('minutes.txt');
  });

  it('answers 404 "File not found" for a missing file, and 401 to anonymous callers', async () => {
    const { alice } = await start();
    const res = await download(t, alice, { path: 'users/alice/none.txt' });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('File not found');
    expect((await download(t, undefined, { path: 'users/alice/none.txt' })).statusCode).toBe(401);
    const pub = await t.app.inject({
      method: 'GET',
      url: `/api/storage/${t.deps.config.projectId}/object/users/alice/none.txt`,
    });
    expect(pub.statusCode).toBe(404);
    expect(pub.headers['content-type']).toContain('application/json');
  });

  it('accepts a download path encoded twice by an older client', async () => {
    const { alice } = await start();
    await upload(t, alice, { path: 'users/alice/a b.txt', data: 'x' });
    const url = `/api/storage/${t.deps.config.projectId}/download?path=users%252Falice%252Fa%2520b.txt`;
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: alice } });
    expect(res.statusCode).toBe(200);
    expect(res.json().filename).toBe('a b.txt');
  });

  it('answers 409 when a path would turn a file into a folder or the reverse', async () => {
    const { alice } = await start();
    await upload(t, alice, { path: 'users/alice/trip', data: 'x' });
    expect(
      (await upload(t, alice, { path: 'users/alice/trip/photo.txt', data: 'y' })).statusCode,
    ).toBe(409);
    await upload(t, alice, { path: 'users/alice/camp/list.txt', data: 'z' });
    expect(
      (await upload(t, alice, { path: 'users/alice/camp', data: 'w', options: '{"upsert":true}' }))
        .statusCode,
    ).toBe(409);
    expect(filesOnDisk(t)).toEqual([
      'objects/users/alice/camp/list.txt',
      'objects/users/alice/trip',
    ]);
  });
});
