import zlib from 'node:zlib';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES } from '@scout/protocol/limits';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import {
  HTML_PAGE,
  SVG_WITH_SCRIPT,
  bearer,
  fetchPublic,
  fileRows,
  filesOnDisk,
  messageOf,
  png,
  upload,
} from '../../test/storage.ts';

/** Whether EXIF data holds a GPS block (tag 0x8825 in the first image directory). */
function exifHasGps(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') + 6);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

const gpsJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 26/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 39/1',
      },
    })
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
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(embeddedStore)('avatar uploads (%s)', (kind) => {
  let t: TestApp;
  let alice: string;
  const avatarPath = (ext = 'png') => `avatars/alice-1767225600000.${ext}`;
  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    alice = await bearer(t, 'alice');
  });
  afterEach(async () => t.close());

  it('stores an avatar at its own avatars/ path with upsert and serves the image inline', async () => {
    const res = await upload(t, alice, {
      path: avatarPath(),
      data: await png(64, 48),
      options: '{"upsert":true}',
    });
    expect(res.statusCode).toBe(200);
    const img = await fetchPublic(t, res.json().publicUrl);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toMatch(/^inline;/);
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 64, 48]);
  });

  it('comes back without the EXIF GPS position a phone photo carried', async () => {
    const input = await gpsJpeg(64, 64);
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif && exifHasGps(inMeta.exif)).toBe(true);
    expect(input.includes('PhoneMaker')).toBe(true);

    const res = await upload(t, alice, { path: avatarPath('jpg'), data: input });
    expect(res.statusCode).toBe(200);
    const served = (await fetchPublic(t, res.json().publicUrl)).rawPayload;
    const outMeta = await sharp(served).metadata();
    expect(outMeta.format).toBe('jpeg');
    expect(outMeta.exif).toBeUndefined();
    expect(served.includes('Exif\0\0')).toBe(false);
    expect(served.includes('PhoneMaker')).toBe(false);
  });

  it('shrinks a large avatar to fit 1024 x 1024', async () => {
    const res = await upload(t, alice, {
      path: avatarPath('jpg'),
      data: await gpsJpeg(2400, 1200),
    });
    expect(res.statusCode).toBe(200);
    const meta = await sharp((await fetchPublic(t, res.json().publicUrl)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 512]);
  });

  it.each([
    [
      'gif',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: 'green' } })
          .gif()
          .toBuffer(),
      'image/gif',
    ],
    [
      'webp',
      () =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: 'green' } })
          .webp()
          .toBuffer(),
      'image/webp',
    ],
  ])('accepts a %s avatar', async (ext, make, type) => {
    const res = await upload(t, alice, { path: avatarPath(ext), data: await make() });
    expect(res.statusCode).toBe(200);
    expect((await fetchPublic(t, res.json().publicUrl)).headers['content-type']).toBe(type);
  });

  it.each([
    ['an HTML page named .png', HTML_PAGE],
    ['an SVG carrying a script', SVG_WITH_SCRIPT],
    ['a PDF', '%PDF-1.4\n%%EOF\n'],
    ['plain text', 'not an image'],
    [
      'a PNG signature followed by garbage',
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]),
    ],
  ])('refuses %s as an avatar by its bytes, whatever its name', async (_what, data) => {
    const res = await upload(t, alice, { path: avatarPath(), data, filename: 'me.png' });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Please upload an image file');
    expect(filesOnDisk(t)).toEqual([]);
    expect(await fileRows(t)).toEqual([]);
  });

  it('refuses an image that decodes to more pixels than allowed (a decompression bomb)', async () => {
    const res = await upload(t, alice, { path: avatarPath(), data: pngBomb() });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toMatch(/too large/);
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('refuses an avatar over 5 MB with 413 "Image size must be less than 5MB"', async () => {
    const data = Buffer.concat([await png(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(t, alice, { path: avatarPath(), data });
    expect(res.statusCode).toBe(413);
    expect(messageOf(res)).toBe('Image size must be less than 5MB');
    expect(filesOnDisk(t)).toEqual([]);
  });

  it('checks images placed under avatars/ by an admin too', async () => {
    const admin = await bearer(t, 'admin-1', 'admin');
    await bearer(t, 'member-1');
    const path = 'avatars/member-1-1700000000000.png';
    const res = await upload(t, admin, { path, data: SVG_WITH_SCRIPT });
    expect(res.statusCode).toBe(400);
  });
});
