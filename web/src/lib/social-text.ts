/**
 * What the Social screen and the dashboard's card say of a post (docs/decisions/090-social-feed.md):
 * when it was written, why it is not visible to everyone, and the words of its reactions.
 */
import {
  SOCIAL_REACTION_LABELS,
  type SocialReaction,
  type SocialStatus,
  type WireSocialModeration,
  type WireTaggableScout,
} from '@scout/protocol/social';
import { formatDay, formatDayTime } from './event-format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Just now", "5 min ago", "3 h ago", then the day and time; `now` in ms since the epoch. */
export function postTime(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const ago = now - at;
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  return formatDayTime(iso);
}

/** The waiting note its author (and parents, leaders) read; null for a visible item. */
export function statusNote(status: SocialStatus): string | null {
  switch (status) {
    case 'pending':
    case 'held':
      return "Waiting for a leader's approval";
    case 'hidden':
      return 'Hidden by a leader';
    case 'removed':
      return 'Removed by a leader';
    case 'visible':
      return null;
  }
}

/** "Hidden by Ann Leader on Sat, Mar 07, 2026: Not for the whole troop". */
export function moderationNote(m: WireSocialModeration): string {
  const what = m.action === 'hide' ? 'Hidden' : 'Removed';
  return `${what} by ${m.by} on ${formatDay(m.at)}: ${m.reason}`;
}

/** A reaction button's accessible name: "Like, 3". */
export const reactionLabel = (reaction: SocialReaction, count: number): string =>
  `${SOCIAL_REACTION_LABELS[reaction]}, ${count}`;

/** The tagged scouts who asked for no photos: the post will wait for a leader. */
export function noPhotoScouts(
  tagged: readonly string[],
  scouts: readonly WireTaggableScout[],
): string[] {
  const wanted = new Set(tagged);
  return scouts.filter((s) => s.noPhotos && wanted.has(s.scoutId)).map((s) => s.name);
}

/** The reactions' counts after the caller pressed one (before the server answers). */
export function toggledReactions(
  counts: Partial<Record<SocialReaction, number>>,
  mine: readonly SocialReaction[],
  reaction: SocialReaction,
): { reactions: Partial<Record<SocialReaction, number>>; myReactions: SocialReaction[] } {
  const on = !mine.includes(reaction);
  const count = Math.max(0, (counts[reaction] ?? 0) + (on ? 1 : -1));
  return {
    reactions: { ...counts, [reaction]: count },
    myReactions: on ? [...mine, reaction] : mine.filter((r) => r !== reaction),
  };
}
