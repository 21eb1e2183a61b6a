/**
 * A writer's photo for a post (POST /api/newsletter/:projectId/images): stored re-encoded in the
 * troop's own area, upright, at most 1600 x 1600, with nothing of the phone's metadata left;
 * anything but a PNG, JPEG, WebP or GIF refused by its bytes; only writers of the troop may.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { NEWSLETTER_IMAGE_MAX_BYTES } from '@scout/protocol/newsletter';
import { describe, expect, it } from 'vitest';
import {
  SVG_WITH_SCRIPT,
  bearer,
  fileRows,
  filesOnDisk,
  messageOf,
  multipart,
  png,
} from '../../test/storage.ts';
import { sharedTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';

/** A phone photo: EXIF with the camera and a GPS position, lying on its side (orientation 6). */
const phonePhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 26/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 39/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A PNG whose header claims 20000 x 20000 pixels: 400 MP decoded, a few bytes sent. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function postImage(
  t: TestApp,
  auth: string | undefined,
  data: Uint8Array | string,
  projectId = t.deps.config.projectId,
) {
  const { payload, headers } = await multipart({ data, filename: 'photo.jpg' });
  return t.app.inject({
    method: 'POST',
    url: `/api/newsletter/${projectId}/images`,
    headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
    payload,
  });
}

/** The stored bytes of an answered `src`, read from the file store's folder. */
function storedBytes(t: TestApp, key: string): Buffer {
  return fs.readFileSync(path.join(t.filesDir, 'objects', key));
}

const objects = (t: TestApp) => filesOnDisk(t).filter((f) => f.startsWith('objects/'));

describe.each(testStoreKinds)('newsletter images (%s)', (kind) => {
  // Every test counts the files its folder holds: each starts on an empty store and file store.
  const t = sharedTestApp({ store: kind, empty: true });

  it('stores a phone photo upright, within 1600 x 1600, with no EXIF, GPS or colour profile', async () => {
    const leader = await bearer(t, 'leader-1', 'leader');
    const input = await phonePhoto(4000, 3000);
    const inMeta = await sharp(input).metadata();
    expect([inMeta.orientation, Boolean(inMeta.exif), Boolean(inMeta.icc)]).toEqual([
      6,
      true,
      true,
    ]);

    const res = await postImage(t, leader, input);
    expect(res.statusCode, res.body).toBe(200);
    const { src, width, height } = res.json() as { src: string; width: number; height: number };
    // Turned upright: the 4000 x 3000 sensor image stands 3000 wide and 4000 tall.
    expect([width, height]).toEqual([1200, 1600]);
    const match = /^\/api\/storage\/([^/]+)\/object\/(troop\/newsletter\/[0-9a-f]{32}\.jpg)$/.exec(
      src,
    );
    expect(match?.[1]).toBe(t.deps.config.projectId);

    const stored = storedBytes(t, match![2]!);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('PhoneMaker')).toBe(false);
    expect(stored.includes('Exif\0\0')).toBe(false);
    expect(await fileRows(t)).toEqual([{ path: match![2], owner_id: 'leader-1' }]);
    // Nothing is left behind in the temporary folder.
    expect(objects(t)).toEqual([`objects/${match![2]}`]);
    expect(filesOnDisk(t)).toEqual([`objects/${match![2]}`]);
  });

  it('keeps a small image at its size, in its own format, under a new name each time', async () => {
    const leader = await bearer(t, 'leader-1', 'leader');
    const first = await postImage(t, leader, await png(64, 48));
    const second = await postImage(t, leader, await png(64, 48));
    expect(first.json()).toMatchObject({ width: 64, height: 48 });
    expect(first.json().src).toMatch(/\.png$/);
    expect(first.json().src).not.toBe(second.json().src);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'green' } })
      .gif()
      .toBuffer();
    expect((await postImage(t, leader, gif)).json().src).toMatch(/\.gif$/);
  });

  it.each([
    ['an SVG carrying a script', SVG_WITH_SCRIPT, 415],
    ['a PDF', '%PDF-1.4\n%%EOF\n', 415],
    ['plain text', 'not an image', 415],
  ])('refuses %s by its bytes, whatever its name', async (_what, data, status) => {
    const leader = await bearer(t, 'leader-1', 'leader');
    const res = await postImage(t, leader, data);
    expect(res.statusCode).toBe(status);
    expect(messageOf(res)).toBe('Choose a PNG, JPEG, WebP or GIF image');
    expect(filesOnDisk(t)).toEqual([]);
    expect(await fileRows(t)).toEqual([]);
  });

  it('refuses a PNG cut short, which starts like an image but does not decode, with 400', async () => {
    const leader = await bearer(t, 'leader-1', 'leader');
    const res = await postImage(t, leader, (await png(64, 64)).subarray(0, 60));
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Choose a PNG, JPEG, WebP or GIF image');
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const leader = await bearer(t, 'leader-1', 'leader');
    const res = await postImage(t, leader, pngBomb());
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('An image is at most 50 megapixels');
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const leader = await bearer(t, 'leader-1', 'leader');
    const data = Buffer.concat([await png(), Buffer.alloc(NEWSLETTER_IMAGE_MAX_BYTES)]);
    const res = await postImage(t, leader, data);
    expect(res.statusCode).toBe(413);
    expect(messageOf(res)).toBe('An image is at most 10 MB');
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('refuses a body that is not multipart, or has no file, with 400', async () => {
    const leader = await bearer(t, 'leader-1', 'leader');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/${t.deps.config.projectId}/images`,
      headers: { authorization: leader, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(400);
    const { payload, headers } = await multipart({ path: 'x' });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/${t.deps.config.projectId}/images`,
      headers: { ...headers, authorization: leader },
      payload,
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 401 signed out, 403 to a member who does not write posts, 404 from another troop', async () => {
    const parent = await bearer(t, 'parent-1', 'user');
    await addUnit(t, { id: 't45', number: '45', projectId: 'troop-45' });
    const other = await bearer(t, 'leader-45', 'leader');
    await t.deps.store.query(`DELETE FROM memberships WHERE user_id = 'leader-45'`);
    await joinUnit(t, 'leader-45', 't45', 'leader');
    const photo = await png(16, 16);

    expect((await postImage(t, undefined, photo)).statusCode).toBe(401);
    expect((await postImage(t, parent, photo)).statusCode).toBe(403);
    expect((await postImage(t, other, photo)).statusCode).toBe(404);
    expect((await postImage(t, other, photo, 'no-such-troop')).statusCode).toBe(404);
    expect(filesOnDisk(t)).toEqual([]);

    // In its own troop the image goes under that troop's prefix, named by its project id.
    const own = await postImage(t, other, photo, 'troop-45');
    expect(own.statusCode).toBe(200);
    const name = own.json().src.slice('/api/storage/troop-45/object/'.length);
    expect(objects(t)).toEqual([`objects/troops/t45/${name}`]);
  });
});
