/**
 * File names that hide their real order: a path with a bidirectional control (U+202E, which makes
 * `invoice\u202Efdp.exe` read as "invoiceexe.pdf") or another invisible format character is
 * refused on upload, and a name read back never carries one, even for a file stored before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { HIDDEN_TEXT_CONTROL_REFUSAL } from '@scout/protocol/file-names';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import {
  bearer,
  download,
  fetchPublic,
  fileRows,
  remove,
  serviceKeys,
  upload,
} from '../../test/storage.ts';
import { insertFile } from './files-table.ts';

/** One of each kind; protocol/src/file-names.test.ts checks every character. */
const HIDDEN = ['\u202e', '\u2067', '\u200f', '\u200b', '\ufeff'];

describe.each(embeddedStore)('file names with hidden text controls (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('refuses an upload whose path holds one, however it is sent, and stores nothing', async () => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys } });
    const alice = await bearer(t, 'alice');
    const paths = [
      ...HIDDEN.map((c) => `users/alice/invoice${c}fdp.exe`),
      `users/alice/\u202eslip/form.pdf`,
      'users/alice/invoice%E2%80%AEfdp.exe',
      'users/alice/invoice%25E2%2580%25AEfdp.exe',
    ];
    for (const p of paths) {
      const res = await upload(t, alice, { path: p, data: 'hello' });
      expect(res.statusCode, p).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: { code: 'VALIDATION_ERROR', message: UI_MESSAGES.storageInvalid },
        details: HIDDEN_TEXT_CONTROL_REFUSAL,
      });
    }
    expect(await fileRows(t)).toEqual([]);
  });

  it('stores names in right-to-left scripts, joiners included, and reads them back as given', async () => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys } });
    const alice = await bearer(t, 'alice');
    for (const name of ['רשימת ציוד.txt', 'رحلة.txt', 'می\u200cخواهم.txt']) {
      const p = `users/alice/${name}`;
      const res = await upload(t, alice, { path: p, data: 'hello' });
      expect(res.statusCode, name).toBe(200);
      const link = await download(t, alice, { path: p });
      expect(link.json().filename).toBe(name);
    }
  });

  it('reads back a file stored before with such a name without the control, and still removes it', async () => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys } });
    const alice = await bearer(t, 'alice');
    const stored = 'users/alice/invoice\u202efdp.exe';
    const temp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scout-name-')), 'bytes');
    fs.writeFileSync(temp, 'hello');
    await t.deps.files.put(stored, temp, { contentType: 'text/plain', size: 5 });
    fs.rmSync(path.dirname(temp), { recursive: true, force: true });
    await insertFile(t.deps.store, {
      path: stored,
      troopId: FIRST_TROOP_ID,
      ownerId: 'alice',
      contentType: 'text/plain',
      size: 5,
      createdAt: new Date(t.clock.now()).toISOString(),
    });

    const link = await download(t, alice, { path: stored });
    expect(link.statusCode).toBe(200);
    expect(link.json().filename).toBe('invoicefdp.exe');
    const asked = await download(t, alice, { path: stored, filename: 'report\u2067.pdf\u2069' });
    expect(asked.json().filename).toBe('report.pdf');

    const served = await fetchPublic(t, link.json().downloadUrl);
    expect(served.statusCode).toBe(200);
    const disposition = String(served.headers['content-disposition']);
    expect(disposition).toContain("filename*=UTF-8''invoicefdp.exe");
    expect(disposition).not.toMatch(/%E2%80%AE|\u202e/i);

    expect((await remove(t, alice, [stored])).json()).toEqual({
      success: true,
      removed: [stored],
    });
  });
});
