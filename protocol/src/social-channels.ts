/**
 * The social feed's channels by id, and the realtime channels their changes are announced on
 * (docs/decisions/090-social-feed.md). Re-exported by social.ts, the feed's wire contract.
 */
import { patrolKey } from './newsletter.ts';

/**
 * A channel: the whole troop, its leaders, or one patrol (`patrol:<slug>`, patrolChannelId).
 * Every channel a youth reads has at least two adults in it and the youth's parents read it.
 */
export type SocialChannelId = 'troop' | 'leaders' | `patrol:${string}`;

export const SOCIAL_TROOP_CHANNEL = 'troop' as const;
export const SOCIAL_LEADERS_CHANNEL = 'leaders' as const;
const PATROL_PREFIX = 'patrol:';
const SLUG_MAX = 60;

/** A small stable hash for names that leave no ASCII letters (FNV-1a, 32 bits, hex). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const ch of text) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A patrol's channel id: its name as patrolKey() compares it, as ASCII letters, digits and `-`
 * (safe in a realtime channel's name). Names that read the same are one patrol and one channel.
 */
export function patrolChannelId(patrol: string): `patrol:${string}` {
  const key = patrolKey(patrol);
  const slug = key
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX);
  return `${PATROL_PREFIX}${slug === '' ? `p${fnv1a(key)}` : slug}`;
}

/** Whether `text` is a channel id of the right shape (not whether the troop has it). */
export function isSocialChannelId(text: string): text is SocialChannelId {
  if (text === SOCIAL_TROOP_CHANNEL || text === SOCIAL_LEADERS_CHANNEL) return true;
  return (
    text.startsWith(PATROL_PREFIX) && /^[a-z0-9-]{1,64}$/.test(text.slice(PATROL_PREFIX.length))
  );
}

/**
 * The realtime channel a social channel's changes are announced on (`{type: 'updated', data:
 * {postId}}`): server-owned, heard only by the channel's readers.
 */
export const SOCIAL_REALTIME_PREFIX = 'social:';
export const socialRealtimeChannel = (channel: SocialChannelId) =>
  `${SOCIAL_REALTIME_PREFIX}${channel}`;
/** The social channel a realtime channel's name carries, or null when it is not one. */
export function socialChannelOf(realtimeName: string): SocialChannelId | null {
  if (!realtimeName.startsWith(SOCIAL_REALTIME_PREFIX)) return null;
  const id = realtimeName.slice(SOCIAL_REALTIME_PREFIX.length);
  return isSocialChannelId(id) ? id : null;
}
