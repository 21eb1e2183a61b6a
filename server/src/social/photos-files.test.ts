/**
 * A social photo's files (photo-files.ts): in the `social/` area once the roles configuration
 * closes it to members, where only the signed links open them, not the bare path nor the
 * storage API's `/download` by name; never in a public area; and deleted, both sizes and their
 * records, with their rows.
 */
import { DEFAULT_ROLES_CONFIG } from '@scout/protocol/permissions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { populateSocialTroop, OTHER_TROOP, type SocialTroop } from '../../test/social.ts';
import {
  ROLES_WITH_SOCIAL_AREA,
  attachPhoto,
  bareSocialPost,
  photoRow,
  storedObject,
  uploadPhoto,
} from '../../test/social-photos.ts';
import { householdApp } from '../../test/households.ts';
import { download, fetchPublic, fileRows, png, remove, upload } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { storageRulesOf } from '../storage/area-rules.ts';
import {
  SOCIAL_PHOTO_AREA,
  SOCIAL_PHOTO_FALLBACK,
  deleteSocialPhotos,
  photoLinks,
  socialPhotoFolder,
} from './photo-files.ts';

describe('the folder new photos go to', () => {
  it('is social/ only while the roles configuration lets no member read it', () => {
    // The default keeps `social/` closed to every member (docs/roles.md); a configuration that
    // opens it sends new photos to the troop area, never public.
    expect(socialPhotoFolder(storageRulesOf(DEFAULT_ROLES_CONFIG))).toBe(SOCIAL_PHOTO_AREA);
    expect(socialPhotoFolder(storageRulesOf(ROLES_WITH_SOCIAL_AREA))).toBe(SOCIAL_PHOTO_AREA);
    for (const read of ['public', 'signed-in', 'social.moderate', ['nobody', 'owner']])
      expect(
        socialPhotoFolder(
          storageRulesOf({
            ...DEFAULT_ROLES_CONFIG,
            storage: { ...DEFAULT_ROLES_CONFIG.storage, social: { read, write: 'nobody' } },
          }),
        ),
      ).toBe(SOCIAL_PHOTO_FALLBACK);
  });
});

describe.each(testStoreKinds)('social photo files (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    const h = await householdApp(kind, { roles: ROLES_WITH_SOCIAL_AREA });
    const filled = await populateSocialTroop(h);
    s = {
      ...filled,
      h,
      t: h.t,
      call: () => Promise.reject(new Error('not used here')),
      close: () => h.t.close(),
    };
  });
  afterAll(async () => s.close());
  beforeEach(() => s.t.clock.set(Date.now()));

  const FIRST = () => ({ id: FIRST_TROOP_ID, projectId: s.t.deps.config.projectId });

  async function uploaded(actor: 'leader' | 'parentOwls' = 'leader') {
    const res = await uploadPhoto(s, actor, await png(40, 30));
    expect(res.statusCode, res.body).toBe(200);
    return (await photoRow(s.t, res.json().id as string))!;
  }

  it('opens a photo through its signed links only, for the hour', async () => {
    const row = await uploaded('parentOwls');
    expect(row.path).toMatch(/^social\/[0-9a-f]{32}\.png$/);
    const links = photoLinks(s.t.deps, FIRST(), { path: row.path, thumbPath: row.thumb_path });
    for (const link of [links.url, links.thumbUrl]) {
      const opened = await fetchPublic(s.t, link);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('image/png');
      const bare = new URL(link);
      expect((await fetchPublic(s.t, `${bare.origin}${bare.pathname}`)).statusCode).toBe(404);
    }

    // Knowing the name is not enough: the storage API hands no member a link to it, its
    // uploader included; a leader sees it through the feed's rules, not by name.
    for (const actor of ['parentOwls', 'parentHawks', 'youthOwls', 'leader'] as const)
      for (const path of [row.path, row.thumb_path])
        expect((await download(s.t, s.auth[actor], { path })).statusCode).toBe(404);

    s.t.clock.advance(61 * 60 * 1000);
    expect((await fetchPublic(s.t, links.url)).statusCode).toBe(404);
  });

  it('gives the uploader no way to replace or remove the files through the storage API', async () => {
    const row = await uploaded('parentOwls');
    const before = storedObject(s.t, row.path);
    const replaced = await upload(s.t, s.auth.parentOwls, {
      path: row.path,
      data: await png(40, 30),
      options: JSON.stringify({ upsert: true }),
    });
    expect(replaced.statusCode).toBe(403);
    expect((await remove(s.t, s.auth.parentOwls, [row.path, row.thumb_path])).statusCode).not.toBe(
      200,
    );
    expect(storedObject(s.t, row.path)).toEqual(before);
    expect(storedObject(s.t, row.thumb_path)).not.toBeNull();
  });

  it("deletes a post's photos: both files, their records and their rows", async () => {
    const post = await bareSocialPost(s.t, FIRST_TROOP_ID, s.userId.leader);
    const [a, b, kept] = [await uploaded(), await uploaded(), await uploaded()];
    await attachPhoto(s.t, a.id, post);
    await attachPhoto(s.t, b.id, post);
    for (const p of [a, b]) expect(storedObject(s.t, p.thumb_path)).not.toBeNull();

    expect(await deleteSocialPhotos(s.t.deps, FIRST(), { postId: post })).toBe(2);
    const records = (await fileRows(s.t)).map((f) => f.path);
    for (const p of [a, b]) {
      expect(await photoRow(s.t, p.id)).toBeUndefined();
      for (const path of [p.path, p.thumb_path]) {
        expect(storedObject(s.t, path)).toBeNull();
        expect(records).not.toContain(path);
      }
    }
    expect(await photoRow(s.t, kept.id)).toBeDefined();
    expect(storedObject(s.t, kept.path)).not.toBeNull();
    expect(records).toContain(kept.thumb_path);
  });

  it('deletes photos by id, of its own troop only', async () => {
    const [a, kept] = [await uploaded(), await uploaded()];
    const res = await uploadPhoto(s, 'outsider', await png(20, 20), OTHER_TROOP.projectId);
    const theirs = (await photoRow(s.t, res.json().id as string))!;
    const ids = [a.id, theirs.id];

    expect(await deleteSocialPhotos(s.t.deps, FIRST(), { photoIds: ids })).toBe(1);
    expect(await photoRow(s.t, a.id)).toBeUndefined();
    expect(storedObject(s.t, a.path)).toBeNull();
    expect(storedObject(s.t, a.thumb_path)).toBeNull();
    expect(await photoRow(s.t, kept.id)).toBeDefined();
    expect(await photoRow(s.t, theirs.id)).toBeDefined();
    expect(storedObject(s.t, `troops/${OTHER_TROOP.id}/${theirs.thumb_path}`)).not.toBeNull();
    expect(await deleteSocialPhotos(s.t.deps, FIRST(), { photoIds: [] })).toBe(0);
  });
});
