/**
 * Photos for the social feed's photo tests (src/social/photo-routes.ts): a phone photo carrying
 * EXIF with a GPS position, a decompression bomb, uploads as a social actor, and the stored
 * bytes read back from the file store.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { DEFAULT_ROLES_CONFIG, type RolesConfig } from '@scout/protocol/permissions';
import type { SocialActor, SocialTroop } from './social.ts';
import { multipart } from './storage.ts';
import type { TestApp } from './test-app.ts';

/** Text inside the photo's GPS block and its camera block: found by a plain byte search. */
export const GPS_MARK = 'CAMPSITE-GPS-DATUM';
export const CAMERA_MARK = 'PhoneMaker';

/**
 * A phone photo: EXIF naming the camera and a GPS position (with GPS_MARK in the GPS block), a
 * colour profile, and lying on its side (orientation 6: it stands `height` wide once upright).
 */
export const phonePhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: CAMERA_MARK, Model: 'Phone 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 26/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 39/1',
        GPSMapDatum: GPS_MARK,
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** A PNG whose header claims 20000 x 20000 pixels: 400 MP decoded, a few bytes sent. */
export function pngBomb(): Buffer {
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

/** POST /api/social/{projectId}/photos as `actor`, the bytes in the `file` part. */
export async function uploadPhoto(
  s: Pick<SocialTroop, 't' | 'auth'>,
  actor: SocialActor,
  data: Uint8Array | string,
  projectId = s.t.deps.config.projectId,
) {
  const { payload, headers } = await multipart({ data, filename: 'IMG_0001.jpg' });
  const auth = s.auth[actor];
  return s.t.app.inject({
    method: 'POST',
    url: `/api/social/${projectId}/photos`,
    headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
    payload,
  });
}

/** The bytes the file store holds under `key`, or null when it holds none. */
export function storedObject(t: TestApp, key: string): Buffer | null {
  const file = path.join(t.filesDir, 'objects', key);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

/** A stored photo row, as the photo tests read it. */
export interface PhotoRow {
  id: string;
  troop_id: string;
  post_id: string | null;
  uploader_id: string | null;
  path: string;
  thumb_path: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
}

export async function photoRow(t: TestApp, id: string): Promise<PhotoRow | undefined> {
  const { rows } = await t.deps.store.query<PhotoRow>('SELECT * FROM social_photos WHERE id = ?', [
    id,
  ]);
  return rows[0];
}

/** A post of the troop straight in the store, for photos to belong to; answers its id. */
export async function bareSocialPost(t: TestApp, troopId: string, authorId: string) {
  const id = crypto.randomUUID();
  const now = new Date(t.clock.now()).toISOString();
  await t.deps.store.query(
    `INSERT INTO social_posts (id, troop_id, channel, author_id, body, status, created_at, updated_at)
     VALUES (?, ?, 'troop', ?, 'Camp', 'visible', ?, ?)`,
    [id, troopId, authorId, now, now],
  );
  return id;
}

/** Names the photo as the post's, as a post that takes it does. */
export async function attachPhoto(t: TestApp, photoId: string, postId: string): Promise<void> {
  await t.deps.store.query('UPDATE social_photos SET post_id = ? WHERE id = ?', [postId, photoId]);
}

/**
 * The default roles with the `social` storage area closed to every member's reading
 * (docs/roles.md, `nobody`): the photos then live where only their signed links open them. Its
 * writing is left to `*`'s rule, `owner`: a photo's uploader still gets no handle on its files.
 */
export const ROLES_WITH_SOCIAL_AREA: RolesConfig = {
  ...DEFAULT_ROLES_CONFIG,
  storage: { ...DEFAULT_ROLES_CONFIG.storage, social: { read: 'nobody' } },
};
