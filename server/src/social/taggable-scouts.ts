/**
 * Who may add photos, and the scouts a poster may tag in them. A poster sees each scout of the
 * troop by first name and last initial only, with their household's "no photos of me": a photo
 * tagged with such a scout is held for a leader (docs/decisions/090-social-feed.md).
 */
import { SOCIAL_MESSAGES, type WireTaggableScout } from '@scout/protocol/social';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { readBoolean } from '../store/sql-values.ts';
import { channelsOf, postsIn } from './channel-rules.ts';
import { authorOf, type SocialRequest } from './request-context.ts';

/**
 * The caller's account when they may post in at least one channel now; else 403, with the
 * words that tell a scout what is missing. A service key writes nothing.
 */
export function requirePoster(r: SocialRequest): string {
  const userId = authorOf(r);
  if (!r.member.mayPost) throw new ApiError('FORBIDDEN', SOCIAL_MESSAGES.notAllowedYet);
  if (!channelsOf(r.roster, r.member).some((c) => postsIn(r.roster, r.member, c)))
    throw new ApiError(
      'FORBIDDEN',
      r.member.youth ? SOCIAL_MESSAGES.channelClosedToYouth : 'Only members of the troop post',
    );
  return userId;
}

interface ScoutRow {
  id: string;
  first_name: string;
  last_name: string;
  no_photos: unknown;
}

/** "Olive S.": a last name shows by its initial only. */
export function taggableName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0];
  return initial === undefined ? first : `${first} ${initial.toUpperCase()}.`;
}

/** Every scout of the troop, by name. */
export async function taggableScouts(db: Queryable, troopId: string): Promise<WireTaggableScout[]> {
  const { rows } = await db.query<ScoutRow>(
    'SELECT id, first_name, last_name, no_photos FROM scouts WHERE troop_id = ?',
    [troopId],
  );
  return rows
    .map((s) => ({
      scoutId: s.id,
      name: taggableName(s.first_name, s.last_name),
      noPhotos: readBoolean(s.no_photos),
    }))
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
        a.scoutId.localeCompare(b.scoutId),
    );
}
