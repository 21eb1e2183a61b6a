/**
 * Each troop's files are its own (docs/decisions/065-troops.md): a troop's paths are kept under
 * its prefix `troops/<id>/` in the file store, the first troop's where they always were, so two
 * troops use one path for two files, and nothing of one is read, overwritten or removed from the
 * other's address. A member's own folder is the account's, whatever troop it is written from.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addUnit, joinUnit } from '../../test/troops.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { bearer, download, fetchPublic, remove, upload } from '../../test/storage.ts';

const PLAN = 'troop/plan.txt';

describe.each(testStoreKinds)("a troop's files (%s)", (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The first troop and troop 45, each with an admin who is a member there only. */
  async function twoTroops() {
    const app = await buildTestApp({ store: kind });
    t = app;
    await addUnit(app, { id: 't45', number: '45', projectId: 'troop-45' });
    const ann = await bearer(app, 'ann', 'admin');
    const bea = await bearer(app, 'bea', 'admin');
    // Bea belongs to troop 45 alone.
    await app.deps.store.query(`DELETE FROM memberships WHERE user_id = 'bea'`);
    await joinUnit(app, 'bea', 't45', 'admin');
    return { app, ann, bea };
  }

  /** The bytes the disk store keeps under `key`, or false. */
  const onDisk = (app: TestApp, key: string) => {
    const file = path.join(app.filesDir, 'objects', key);
    return fs.existsSync(file) && fs.readFileSync(file, 'utf8');
  };

  it("keeps troop 45's file under its prefix, apart from the first troop's file of the same path", async () => {
    const { app, ann, bea } = await twoTroops();
    const theirs = await upload(app, bea, { path: PLAN, data: 'troop 45 plan' }, 'troop-45');
    expect(theirs.statusCode).toBe(200);
    const { publicUrl } = theirs.json() as { publicUrl: string };
    expect(new URL(publicUrl).pathname).toBe(`/api/storage/troop-45/object/${PLAN}`);
    expect(onDisk(app, `troops/t45/${PLAN}`)).toBe('troop 45 plan');
    expect(onDisk(app, PLAN)).toBe(false);

    // From the first troop's address the path names nothing: not read, not removed.
    expect((await download(app, ann, { path: PLAN })).statusCode).toBe(404);
    expect((await remove(app, ann, [PLAN])).json()).toEqual({ success: true, removed: [] });
    expect(onDisk(app, `troops/t45/${PLAN}`)).toBe('troop 45 plan');

    // The first troop stores its own file at the same path, where it always kept its files.
    expect((await upload(app, ann, { path: PLAN, data: 'first plan' })).statusCode).toBe(200);
    expect(onDisk(app, PLAN)).toBe('first plan');
    // A link signed for troop 45's file opens nothing at the first troop's address of its path.
    const signed = new URL(publicUrl);
    signed.pathname = `/api/storage/${app.deps.config.projectId}/object/${PLAN}`;
    expect((await fetchPublic(app, signed.toString())).statusCode).toBe(404);
    const { rows } = await app.deps.store.query<{ path: string; troop_id: string }>(
      'SELECT path, troop_id FROM files ORDER BY path',
    );
    expect(rows).toEqual([
      { path: PLAN, troop_id: 'troop-1' },
      { path: `troops/t45/${PLAN}`, troop_id: 't45' },
    ]);

    // Each troop reads its own file through its own links.
    const link = (await download(app, bea, { path: PLAN }, 'troop-45')).json() as {
      downloadUrl: string;
    };
    expect((await fetchPublic(app, link.downloadUrl)).body).toBe('troop 45 plan');
    expect((await fetchPublic(app, publicUrl)).body).toBe('troop 45 plan');
    const ours = (await download(app, ann, { path: PLAN })).json() as { downloadUrl: string };
    expect((await fetchPublic(app, ours.downloadUrl)).body).toBe('first plan');

    // Troop 45 removes its file; the first troop's stays.
    expect((await remove(app, bea, [PLAN], 'troop-45')).json()).toEqual({
      success: true,
      removed: [PLAN],
    });
    expect(onDisk(app, `troops/t45/${PLAN}`)).toBe(false);
    expect(onDisk(app, PLAN)).toBe('first plan');
  });

  it("the first troop's paths cannot reach into the folder of the other troops' prefixes", async () => {
    const { app, ann, bea } = await twoTroops();
    await upload(app, bea, { path: PLAN, data: 'troop 45 plan' }, 'troop-45');
    const inside = `troops/t45/${PLAN}`;
    const write = await upload(app, ann, { path: inside, data: 'x', options: '{"upsert":true}' });
    expect(write.statusCode).toBe(400);
    expect((await download(app, ann, { path: inside })).statusCode).toBe(404);
    expect((await remove(app, ann, [inside])).statusCode).toBe(400);
    expect(onDisk(app, inside)).toBe('troop 45 plan');
  });

  it("a member's own folder is the account's, whichever troop writes it", async () => {
    const { app, bea } = await twoTroops();
    const res = await upload(app, bea, { path: 'users/bea/hello.txt', data: 'hi' }, 'troop-45');
    expect(res.statusCode).toBe(200);
    expect(onDisk(app, 'users/bea/hello.txt')).toBe('hi');
  });

  it("a troop's members only: a signed-in account of another troop gets the unknown project's answer", async () => {
    const { app, ann } = await twoTroops();
    const res = await download(app, ann, { path: PLAN }, 'troop-45');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });
});
