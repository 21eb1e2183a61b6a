/**
 * The feed's youth-protection rules, pure (docs/decisions/090-social-feed.md). Every route, the
 * realtime channels and the mail ask these of a roster read from the store (roster.ts), so what
 * a member reads, hears live and is mailed can never differ.
 *
 * Channels: the whole troop, the leaders (moderators who are not youth), one per patrol of the
 * troop's scouts. An adult reads the troop's channel, a moderator every channel, a parent the
 * channels of their scouts' patrols. A youth reads the troop's channel and their own patrol's,
 * and each only while it has at least two adult readers and every parent of theirs in the troop
 * reads it; a youth with no parent among the members reads nothing. There is no other channel:
 * no conversation between an adult and a youth is ever private.
 *
 * What a reader sees of a channel: its visible posts and comments; a moderator everything; an
 * author their own, whatever became of it; a parent everything their scout wrote.
 */
import {
  SOCIAL_LEADERS_CHANNEL,
  SOCIAL_TROOP_CHANNEL,
  type SocialChannelId,
  type SocialStatus,
} from '@scout/protocol/social';

export interface SocialMember {
  userId: string;
  name: string;
  /** Holds `social.moderate` in the troop. */
  moderator: boolean;
  /** The account is a scout's own, in this troop (`scouts.user_id`). */
  youth: boolean;
  /** Patrol channel ids: a youth's own; an adult's household scouts'. */
  patrols: string[];
  /** A youth: the active adult members of their household. An adult: []. */
  parents: string[];
  /** An adult: the accounts of their household's scouts. A youth: []. */
  children: string[];
  /** A youth a parent allowed to post; every adult. */
  mayPost: boolean;
}

export interface SocialRoster {
  /** Every active member of the troop. */
  members: ReadonlyMap<string, SocialMember>;
  /** The troop's patrol channels, each with its name as first written ("Owls"). */
  patrols: ReadonlyMap<SocialChannelId, string>;
}

/** Whether a channel id names a channel the troop has. */
export function channelExists(roster: SocialRoster, channel: SocialChannelId): boolean {
  return (
    channel === SOCIAL_TROOP_CHANNEL ||
    channel === SOCIAL_LEADERS_CHANNEL ||
    roster.patrols.has(channel)
  );
}

/** Whether an adult (or the channel rule for a youth before its safeguards) is in a channel. */
function inChannel(member: SocialMember, channel: SocialChannelId): boolean {
  if (channel === SOCIAL_TROOP_CHANNEL) return true;
  if (channel === SOCIAL_LEADERS_CHANNEL) return member.moderator && !member.youth;
  if (member.youth) return member.patrols.includes(channel);
  return member.moderator || member.patrols.includes(channel);
}

/** The adults who read a channel. */
export function adultReaders(roster: SocialRoster, channel: SocialChannelId): SocialMember[] {
  if (!channelExists(roster, channel)) return [];
  return [...roster.members.values()].filter((m) => !m.youth && inChannel(m, channel));
}

/** Why a youth may not read a channel they belong to; null when they may. */
export function youthSafeguardProblem(
  roster: SocialRoster,
  youth: SocialMember,
  channel: SocialChannelId,
): 'adults' | 'parents' | null {
  const adults = adultReaders(roster, channel);
  if (adults.length < 2) return 'adults';
  const parents = youth.parents.filter((id) => roster.members.has(id));
  if (parents.length === 0) return 'parents';
  const readers = new Set(adults.map((a) => a.userId));
  return parents.every((id) => readers.has(id)) ? null : 'parents';
}

export function readsChannel(
  roster: SocialRoster,
  member: SocialMember,
  channel: SocialChannelId,
): boolean {
  if (!channelExists(roster, channel) || !inChannel(member, channel)) return false;
  return !member.youth || youthSafeguardProblem(roster, member, channel) === null;
}

/** Every channel of the troop the member reads, troop first, leaders, then patrols by name. */
export function channelsOf(roster: SocialRoster, member: SocialMember): SocialChannelId[] {
  const patrols = [...roster.patrols.entries()]
    .sort(([, a], [, b]) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map(([id]) => id);
  return [SOCIAL_TROOP_CHANNEL, SOCIAL_LEADERS_CHANNEL, ...patrols].filter((c) =>
    readsChannel(roster, member, c),
  );
}

/** Every member who reads a channel: its mail's and its realtime channel's audience. */
export function channelReaders(roster: SocialRoster, channel: SocialChannelId): SocialMember[] {
  return [...roster.members.values()].filter((m) => readsChannel(roster, m, channel));
}

/** Whether the member may post and comment in a channel now. */
export function postsIn(roster: SocialRoster, member: SocialMember, channel: SocialChannelId) {
  return member.mayPost && readsChannel(roster, member, channel);
}

/** A post or comment as the rule reads it. */
export interface SocialItem {
  channel: SocialChannelId;
  authorId: string | null;
  status: SocialStatus;
}

/**
 * Whether the member sees an item: a visible one in a channel they read; any one they wrote;
 * any one their scout wrote; any one in a channel they read as a moderator.
 */
export function seesItem(roster: SocialRoster, member: SocialMember, item: SocialItem): boolean {
  if (item.authorId !== null && item.authorId === member.userId) return true;
  if (item.authorId !== null && member.children.includes(item.authorId)) return true;
  if (!readsChannel(roster, member, item.channel)) return false;
  return item.status === 'visible' || member.moderator;
}
