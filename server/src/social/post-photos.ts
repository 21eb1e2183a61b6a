/**
 * The photos of posts, in the order their poster gave, each with the scouts tagged in it and
 * links signed for the hour the reader has the post open (photo-files.ts `photoLinks`). A
 * tagged scout is named by first name and initial: enough for the troop, less of a child's
 * name on every screen.
 */
import type { WireSocialPhoto } from '@scout/protocol/social';
import { photoLinks } from './photo-files.ts';
import type { SocialRequest } from './request-context.ts';
import { placeholders } from './sql-lists.ts';

interface PhotoRow {
  id: string;
  post_id: string;
  path: string;
  thumb_path: string;
  width: number;
  height: number;
  thumb_width: number;
  thumb_height: number;
}

interface TagRow {
  photo_id: string;
  scout_id: string;
  first_name: string;
  last_name: string;
}

export const taggedName = (first: string, last: string) => {
  const initial = last.trim().slice(0, 1);
  return initial ? `${first.trim()} ${initial.toUpperCase()}.` : first.trim();
};

export async function postPhotos(
  r: Pick<SocialRequest, 'deps' | 'troop'>,
  postIds: string[],
): Promise<Map<string, WireSocialPhoto[]>> {
  const out = new Map<string, WireSocialPhoto[]>();
  if (postIds.length === 0) return out;
  const db = r.deps.store;
  const { rows } = await db.query<PhotoRow>(
    `SELECT id, post_id, path, thumb_path, width, height, thumb_width, thumb_height
       FROM social_photos WHERE troop_id = ? AND post_id IN (${placeholders(postIds.length)})
      ORDER BY post_id, position, id`,
    [r.troop.id, ...postIds],
  );
  if (rows.length === 0) return out;
  const { rows: tags } = await db.query<TagRow>(
    `SELECT t.photo_id, t.scout_id, s.first_name, s.last_name
       FROM social_photo_tags t JOIN scouts s ON s.id = t.scout_id
      WHERE t.troop_id = ? AND t.photo_id IN (${placeholders(rows.length)})
      ORDER BY s.first_name, s.last_name, s.id`,
    [r.troop.id, ...rows.map((p) => p.id)],
  );
  const tagsOf = new Map<string, WireSocialPhoto['tags']>();
  for (const t of tags)
    tagsOf.set(t.photo_id, [
      ...(tagsOf.get(t.photo_id) ?? []),
      { scoutId: t.scout_id, name: taggedName(t.first_name, t.last_name) },
    ]);
  for (const p of rows)
    out.set(p.post_id, [
      ...(out.get(p.post_id) ?? []),
      {
        id: p.id,
        width: Number(p.width),
        height: Number(p.height),
        ...photoLinks(r.deps, r.troop, { path: p.path, thumbPath: p.thumb_path }),
        thumbWidth: Number(p.thumb_width),
        thumbHeight: Number(p.thumb_height),
        tags: tagsOf.get(p.id) ?? [],
      },
    ]);
  return out;
}
