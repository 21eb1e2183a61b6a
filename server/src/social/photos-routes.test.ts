/**
 * The feed's photo routes. A photo for a post (POST /api/social/:projectId/photos): stored twice, upright, within 1600
 * and 480 px, with nothing of the phone's metadata in either stored copy; refused when it is
 * not an image, too large or a decompression bomb; only from members who may post; photos no
 * post took within a day deleted, files and rows. The scouts a poster may tag (GET /scouts):
 * the troop's, by first name and initial, with their "no photos of me", for posters only.
 */
import sharp from 'sharp';
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SVG_WITH_SCRIPT,
  fetchPublic,
  fileRows,
  filesOnDisk,
  messageOf,
  multipart,
  png,
} from '../../test/storage.ts';
import {
  CAMERA_MARK,
  GPS_MARK,
  attachPhoto,
  bareSocialPost,
  phonePhoto,
  photoRow,
  pngBomb,
  storedObject,
  uploadPhoto,
} from '../../test/social-photos.ts';
import {
  OTHER_TROOP,
  allowPosting,
  setNoPhotos,
  socialTroop,
  type SocialTroop,
} from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

const HOUR = 3_600_000;

describe.each(testStoreKinds)('social photo uploads (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(async () => s.close());
  beforeEach(() => s.t.clock.set(Date.now()));

  it('stores a phone photo twice, upright and bounded, with no EXIF, GPS or colour profile in either copy', async () => {
    const input = await phonePhoto(4000, 3000);
    const inMeta = await sharp(input).metadata();
    expect([inMeta.orientation, Boolean(inMeta.exif), Boolean(inMeta.icc)]).toEqual([
      6,
      true,
      true,
    ]);
    expect(input.includes(GPS_MARK)).toBe(true);

    const res = await uploadPhoto(s, 'parentOwls', input);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { id: string; width: number; height: number; thumbUrl: string };
    // Turned upright: the 4000 x 3000 sensor image stands 3000 wide and 4000 tall.
    expect([answer.width, answer.height]).toEqual([1200, 1600]);

    const row = (await photoRow(s.t, answer.id))!;
    expect(row).toMatchObject({ post_id: null, uploader_id: s.userId.parentOwls });
    expect([Number(row.width), Number(row.height)]).toEqual([1200, 1600]);
    expect([Number(row.thumb_width), Number(row.thumb_height)]).toEqual([360, 480]);
    expect(row.path).toMatch(/^(troop\/)?social\/[0-9a-f]{32}\.jpg$/);
    expect(row.thumb_path).toBe(row.path.replace(/\.jpg$/, '-thumb.jpg'));

    for (const [key, size] of [
      [row.path, [1200, 1600]],
      [row.thumb_path, [360, 480]],
    ] as const) {
      const stored = storedObject(s.t, key)!;
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', ...size]);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.includes(GPS_MARK)).toBe(false);
      expect(stored.includes(CAMERA_MARK)).toBe(false);
      expect(stored.includes('Exif\0\0')).toBe(false);
    }
    const rows = await fileRows(s.t);
    // The feed's files, no account's: the storage API gives the uploader no handle on them.
    expect(rows).toContainEqual({ path: row.path, owner_id: null });
    expect(rows).toContainEqual({ path: row.thumb_path, owner_id: null });

    // The answer's link opens the thumbnail; the bare path opens nothing.
    const thumb = await fetchPublic(s.t, answer.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const bare = new URL(answer.thumbUrl);
    expect((await fetchPublic(s.t, `${bare.origin}${bare.pathname}`)).statusCode).toBe(404);
  });

  it.each(['png', 'webp'] as const)(
    'strips EXIF and GPS from a %s photo too, in both sizes',
    async (format) => {
      const input = await sharp(await phonePhoto(900, 600))
        .toFormat(format)
        .keepExif()
        .toBuffer();
      expect(input.includes(GPS_MARK)).toBe(true);
      const res = await uploadPhoto(s, 'leader', input);
      expect(res.statusCode, res.body).toBe(200);
      const row = (await photoRow(s.t, res.json().id as string))!;
      for (const key of [row.path, row.thumb_path]) {
        const stored = storedObject(s.t, key)!;
        expect((await sharp(stored).metadata()).format).toBe(format);
        expect((await sharp(stored).metadata()).exif).toBeUndefined();
        expect(stored.includes(GPS_MARK)).toBe(false);
        expect(stored.includes(CAMERA_MARK)).toBe(false);
      }
    },
  );

  it('keeps a small photo at its size and format, under a new name each time', async () => {
    const first = await uploadPhoto(s, 'leader', await png(64, 48));
    const second = await uploadPhoto(s, 'leader', await png(64, 48));
    expect(first.json()).toMatchObject({ width: 64, height: 48 });
    const a = (await photoRow(s.t, first.json().id))!;
    const b = (await photoRow(s.t, second.json().id))!;
    expect(a.path).toMatch(/\.png$/);
    expect([Number(a.thumb_width), Number(a.thumb_height)]).toEqual([64, 48]);
    expect(a.path).not.toBe(b.path);
  });

  it('bounds a long panorama by its longer side in both sizes', async () => {
    const res = await uploadPhoto(s, 'leader', await png(5000, 500));
    expect(res.json()).toMatchObject({ width: 1600, height: 160 });
    const row = (await photoRow(s.t, res.json().id))!;
    expect([Number(row.thumb_width), Number(row.thumb_height)]).toEqual([480, 48]);
    const thumb = await sharp(storedObject(s.t, row.thumb_path)!).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 48]);
  });

  it.each([
    ['an SVG carrying a script', SVG_WITH_SCRIPT, 415, SOCIAL_MESSAGES.photoNotImage],
    ['a PDF', '%PDF-1.4\n%%EOF\n', 415, SOCIAL_MESSAGES.photoNotImage],
    ['plain text', 'not an image', 415, SOCIAL_MESSAGES.photoNotImage],
    ['a PNG cut short', 'cut', 400, SOCIAL_MESSAGES.photoNotImage],
    ['a decompression bomb', 'bomb', 400, SOCIAL_MESSAGES.photoTooManyPixels],
    ['a file over the size limit', 'large', 413, SOCIAL_MESSAGES.photoTooLarge],
  ])('refuses %s, leaving nothing stored', async (_what, data, status, message) => {
    const bytes =
      data === 'cut'
        ? (await png(64, 64)).subarray(0, 60)
        : data === 'bomb'
          ? pngBomb()
          : data === 'large'
            ? Buffer.concat([await png(), Buffer.alloc(SOCIAL_LIMITS.photoMaxBytes)])
            : data;
    const before = { disk: filesOnDisk(s.t), rows: await fileRows(s.t) };
    const res = await uploadPhoto(s, 'leader', bytes);
    expect(res.statusCode).toBe(status);
    expect(messageOf(res)).toBe(message);
    expect(filesOnDisk(s.t)).toEqual(before.disk);
    expect(await fileRows(s.t)).toEqual(before.rows);
  });

  it('refuses a body that is not multipart, or has no file, with 400', async () => {
    const json = await s.call('leader', 'POST', '/photos', {});
    expect(json.statusCode).toBe(400);
    const { payload, headers } = await multipart({ path: 'x' });
    const empty = await s.t.app.inject({
      method: 'POST',
      url: `/api/social/${s.t.deps.config.projectId}/photos`,
      headers: { ...headers, authorization: s.auth.leader! },
      payload,
    });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe('Send the photo in the field named "file"');
  });

  it('takes photos from members who may post, and from no one else', async () => {
    const photo = await png(16, 16);
    expect((await uploadPhoto(s, 'anonymous', photo)).statusCode).toBe(401);
    expect((await uploadPhoto(s, 'service', photo)).statusCode).toBe(403);
    expect((await uploadPhoto(s, 'outsider', photo)).statusCode).toBe(404);
    expect((await uploadPhoto(s, 'leader', photo, 'no-such-troop')).statusCode).toBe(404);
    expect((await uploadPhoto(s, 'youthOwls', photo)).statusCode).toBe(200);
    expect((await uploadPhoto(s, 'noScouts', photo)).statusCode).toBe(200);

    await allowPosting(s.t, s.scouts.hawks, false);
    try {
      const res = await uploadPhoto(s, 'youthHawks', photo);
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(SOCIAL_MESSAGES.notAllowedYet);
    } finally {
      await allowPosting(s.t, s.scouts.hawks);
    }
  });

  it('stores a troop’s photos under its own prefix', async () => {
    const res = await uploadPhoto(s, 'outsider', await png(16, 16), OTHER_TROOP.projectId);
    expect(res.statusCode, res.body).toBe(200);
    const row = (await photoRow(s.t, res.json().id))!;
    expect(row.troop_id).toBe(OTHER_TROOP.id);
    expect(storedObject(s.t, `troops/${OTHER_TROOP.id}/${row.path}`)).not.toBeNull();
    expect((await fetchPublic(s.t, res.json().thumbUrl)).statusCode).toBe(200);
  });

  it('deletes the troop’s photos no post took within a day, at the next upload', async () => {
    const uploadedAgo = (id: string, ms: number) =>
      s.t.deps.store.query('UPDATE social_photos SET created_at = ? WHERE id = ?', [
        new Date(s.t.clock.now() - ms).toISOString(),
        id,
      ]);
    const photo = await png(16, 16);
    const unused = (await uploadPhoto(s, 'leader', photo)).json().id as string;
    const used = (await uploadPhoto(s, 'leader', photo)).json().id as string;
    const other = (await uploadPhoto(s, 'outsider', photo, OTHER_TROOP.projectId)).json().id;
    await attachPhoto(s.t, used, await bareSocialPost(s.t, 'troop-1', s.userId.leader));
    const gone = (await photoRow(s.t, unused))!;

    // Uploaded just under a day ago: kept.
    const day = SOCIAL_LIMITS.unusedPhotoHours * HOUR;
    await uploadedAgo(unused, day - 1000);
    await uploadedAgo(used, day + 1000);
    await uploadedAgo(other, day + 1000);
    const fresh = (await uploadPhoto(s, 'leader', photo)).json().id as string;
    expect(await photoRow(s.t, unused)).toBeDefined();

    await uploadedAgo(unused, day + 1000);
    expect((await uploadPhoto(s, 'leader', photo)).statusCode).toBe(200);
    expect(await photoRow(s.t, unused)).toBeUndefined();
    expect(storedObject(s.t, gone.path)).toBeNull();
    expect(storedObject(s.t, gone.thumb_path)).toBeNull();
    const paths = (await fileRows(s.t)).map((f) => f.path);
    expect(paths).not.toContain(gone.path);
    expect(paths).not.toContain(gone.thumb_path);
    // A post's photo, a newer one and another troop's stay.
    expect(await photoRow(s.t, used)).toBeDefined();
    expect(await photoRow(s.t, fresh)).toBeDefined();
    expect(await photoRow(s.t, other)).toBeDefined();
  });

  it('lists the troop’s scouts a poster may tag, by first name and initial', async () => {
    await setNoPhotos(s.t, s.scouts.hawks);
    try {
      const res = await s.call('youthOwls', 'GET', '/scouts');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        scouts: [
          { scoutId: s.scouts.hawks, name: 'Harry S.', noPhotos: true },
          { scoutId: s.scouts.owls, name: 'Olive S.', noPhotos: false },
        ],
      });
      // Another troop's scouts are not its members' to tag.
      const other = await s.call('outsider', 'GET', '/scouts', undefined, OTHER_TROOP.projectId);
      expect(other.json()).toEqual({ scouts: [] });
    } finally {
      await setNoPhotos(s.t, s.scouts.hawks, false);
    }
  });

  it('lists them to members who may post, and to no one else', async () => {
    const status = async (actor: Parameters<SocialTroop['call']>[0]) =>
      (await s.call(actor, 'GET', '/scouts')).statusCode;
    expect(await status('anonymous')).toBe(401);
    expect(await status('service')).toBe(403);
    expect(await status('outsider')).toBe(404);
    for (const poster of ['admin', 'leader', 'parentHawks', 'noScouts', 'youthHawks'] as const)
      expect(await status(poster)).toBe(200);
    await allowPosting(s.t, s.scouts.hawks, false);
    try {
      const res = await s.call('youthHawks', 'GET', '/scouts');
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(SOCIAL_MESSAGES.notAllowedYet);
    } finally {
      await allowPosting(s.t, s.scouts.hawks);
    }
    // A scout whose parent is no longer a member reads no channel, so posts in none.
    const parentHawks = (status: string) =>
      s.t.deps.store.query('UPDATE memberships SET status = ? WHERE user_id = ?', [
        status,
        s.userId.parentHawks,
      ]);
    await parentHawks('suspended');
    try {
      const res = await uploadPhoto(s, 'youthHawks', await png(16, 16));
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(SOCIAL_MESSAGES.channelClosedToYouth);
    } finally {
      await parentHawks('active');
    }
  });
});
