/**
 * The caller's place in the feed: the channels they read (and may post in), who they are to
 * the rules, the troop's setting and, for moderators, how much waits for them. And a channel's
 * readers, whom a post there may mention: the same list its mail and its live updates go to
 * (channel-rules.ts `channelReaders`).
 */
import type { SocialChannelId, WireSocialHome } from '@scout/protocol/social';
import { channelReaders, channelsOf, postsIn } from './channel-rules.ts';
import { channelName } from './channel-names.ts';
import { requireReader } from './feed-page.ts';
import type { SocialRequest } from './request-context.ts';
import { readSocialSettings } from './settings.ts';

/** Pending and held posts and comments, and open reports, of the troop. */
async function waitingCount(r: SocialRequest): Promise<number> {
  const db = r.deps.store;
  const counts = await Promise.all(
    [
      "SELECT COUNT(*) AS n FROM social_posts WHERE troop_id = ? AND status IN ('pending', 'held')",
      "SELECT COUNT(*) AS n FROM social_comments WHERE troop_id = ? AND status IN ('pending', 'held')",
      'SELECT COUNT(*) AS n FROM social_reports WHERE troop_id = ? AND resolved_at IS NULL',
    ].map((sql) => db.query<{ n: number | string }>(sql, [r.troop.id])),
  );
  return counts.reduce((sum, { rows }) => sum + Number(rows[0]?.n ?? 0), 0);
}

export async function readHome(r: SocialRequest): Promise<WireSocialHome> {
  const { roster, member } = r;
  const home: WireSocialHome = {
    channels: channelsOf(roster, member).map((id) => ({
      id,
      name: channelName(roster, id),
      canPost: r.by !== null && postsIn(roster, member, id),
    })),
    me: {
      youth: member.youth,
      mayPost: r.by !== null && member.mayPost,
      moderator: member.moderator,
    },
    settings: await readSocialSettings(r.deps.store, r.troop.id),
  };
  if (member.moderator) home.waiting = await waitingCount(r);
  return home;
}

/** The channel's readers but the caller, by name. */
export function channelMembers(r: SocialRequest, channel: SocialChannelId) {
  requireReader(r, channel);
  const members = channelReaders(r.roster, channel)
    .filter((m) => m.userId !== r.by)
    .map((m) => ({ userId: m.userId, name: m.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return { members };
}
