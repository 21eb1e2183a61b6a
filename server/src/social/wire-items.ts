/**
 * Posts and comments as the caller reads them (protocol/src/social.ts): signed photo links, the
 * comments and reactions they have, and why a leader hid or removed one, shown only to the
 * author, the author's parents and the leaders (docs/decisions/090-social-feed.md). The caller
 * must already see each item given (channel-rules.ts `seesItem`); counts follow the same rule.
 */
import type {
  SocialReaction,
  WireSocialComment,
  WireSocialModeration,
  WireSocialPerson,
  WireSocialPhoto,
  WireSocialPost,
} from '@scout/protocol/social';
import { memberName } from '../rsvps/attendees.ts';
import { seesItem } from './channel-rules.ts';
import { channelName } from './channel-names.ts';
import { postPhotos } from './post-photos.ts';
import type { SocialRequest } from './request-context.ts';
import { placeholders } from './sql-lists.ts';
import type { StoredSocialComment, StoredSocialPost } from './stored-items.ts';

/** People by account id: the roster's names, else the account's, else a former member. */
async function peopleOf(r: SocialRequest, ids: string[]): Promise<Map<string, WireSocialPerson>> {
  const out = new Map<string, WireSocialPerson>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const m = r.roster.members.get(id);
    if (m) out.set(id, { userId: id, name: m.name, youth: m.youth });
    else missing.push(id);
  }
  if (missing.length > 0) {
    const { rows } = await r.deps.store.query<{
      id: string;
      display_name: string | null;
      email: string;
    }>(`SELECT id, display_name, email FROM users WHERE id IN (${placeholders(missing.length)})`, [
      ...missing,
    ]);
    for (const u of rows)
      out.set(u.id, { userId: u.id, name: memberName(u.display_name, u.email), youth: false });
  }
  return out;
}

const personOf = (people: Map<string, WireSocialPerson>, id: string): WireSocialPerson =>
  people.get(id) ?? { userId: id, name: 'A former member', youth: false };

/** Whether the caller reads why a leader hid or removed this item. */
function readsModeration(r: SocialRequest, item: StoredSocialPost | StoredSocialComment) {
  if (r.member.moderator) return true;
  if (item.authorId === null) return false;
  return item.authorId === r.by || r.member.children.includes(item.authorId);
}

function moderationOf(
  r: SocialRequest,
  item: StoredSocialPost | StoredSocialComment,
): WireSocialModeration | null {
  if (item.status !== 'hidden' && item.status !== 'removed') return null;
  if (!readsModeration(r, item) || item.moderatedAt === null) return null;
  return {
    action: item.status === 'hidden' ? 'hide' : 'remove',
    reason: item.reason ?? '',
    by: item.moderatorName ?? 'A leader',
    at: item.moderatedAt,
  };
}

/** Per post: the comments the caller sees, every reaction's count, the caller's reactions. */
async function countsOf(r: SocialRequest, posts: StoredSocialPost[]) {
  const ids = posts.map((p) => p.id);
  const comments = new Map<string, number>();
  const reactions = new Map<string, Partial<Record<SocialReaction, number>>>();
  const mine = new Map<string, SocialReaction[]>();
  if (ids.length === 0) return { comments, reactions, mine };
  const channelOf = new Map(posts.map((p) => [p.id, p.channel]));
  const db = r.deps.store;
  const inList = placeholders(ids.length);
  const { rows: cs } = await db.query<{
    post_id: string;
    author_id: string | null;
    status: string;
  }>(
    `SELECT post_id, author_id, status FROM social_comments
      WHERE troop_id = ? AND post_id IN (${inList})`,
    [r.troop.id, ...ids],
  );
  for (const c of cs) {
    const channel = channelOf.get(c.post_id);
    if (channel === undefined) continue;
    const item = { channel, authorId: c.author_id, status: c.status as WireSocialPost['status'] };
    if (seesItem(r.roster, r.member, item))
      comments.set(c.post_id, (comments.get(c.post_id) ?? 0) + 1);
  }
  const { rows: rs } = await db.query<{ post_id: string; user_id: string; reaction: string }>(
    `SELECT post_id, user_id, reaction FROM social_reactions
      WHERE troop_id = ? AND post_id IN (${inList})`,
    [r.troop.id, ...ids],
  );
  for (const x of rs) {
    const reaction = x.reaction as SocialReaction;
    const counts = reactions.get(x.post_id) ?? {};
    counts[reaction] = (counts[reaction] ?? 0) + 1;
    reactions.set(x.post_id, counts);
    if (r.by !== null && x.user_id === r.by)
      mine.set(x.post_id, [...(mine.get(x.post_id) ?? []), reaction]);
  }
  return { comments, reactions, mine };
}

/** The posts as the caller reads them, in the order given. */
export async function wirePosts(
  r: SocialRequest,
  posts: StoredSocialPost[],
): Promise<WireSocialPost[]> {
  const people = await peopleOf(
    r,
    posts.flatMap((p) => p.mentions),
  );
  const photos: Map<string, WireSocialPhoto[]> = await postPhotos(
    r,
    posts.map((p) => p.id),
  );
  const counts = await countsOf(r, posts);
  return posts.map((p) => ({
    id: p.id,
    channel: p.channel,
    channelName: channelName(r.roster, p.channel),
    author: { userId: p.authorId, name: p.authorName, youth: p.authorYouth },
    body: p.body,
    photos: photos.get(p.id) ?? [],
    mentions: p.mentions.map((id) => personOf(people, id)),
    status: p.status,
    moderation: moderationOf(r, p),
    locked: p.locked,
    createdAt: p.createdAt,
    commentCount: counts.comments.get(p.id) ?? 0,
    reactions: counts.reactions.get(p.id) ?? {},
    myReactions: [...(counts.mine.get(p.id) ?? [])].sort(),
    mine: p.authorId !== null && p.authorId === r.by,
  }));
}

/** The comments as the caller reads them, in the order given. */
export async function wireComments(
  r: SocialRequest,
  comments: StoredSocialComment[],
): Promise<WireSocialComment[]> {
  const people = await peopleOf(
    r,
    comments.flatMap((c) => c.mentions),
  );
  return comments.map((c) => ({
    id: c.id,
    postId: c.postId,
    author: { userId: c.authorId, name: c.authorName, youth: c.authorYouth },
    body: c.body,
    mentions: c.mentions.map((id) => personOf(people, id)),
    status: c.status,
    moderation: moderationOf(r, c),
    createdAt: c.createdAt,
    mine: c.authorId !== null && c.authorId === r.by,
  }));
}
