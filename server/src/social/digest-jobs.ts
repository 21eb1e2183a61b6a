/**
 * The daily digest of the feed (docs/decisions/090-social-feed.md): at 18:00 troop time, each
 * member whose choice is `digest` gets one mail listing the visible posts of the last day in the
 * channels they read (author, channel, first words, photo count), none when there is none.
 *
 * A post that becomes visible schedules its troop's `social-digest` job of the day (notify.ts),
 * keyed by the troop and the day's 18:00, so a troop has one whatever the processes. When it
 * runs it schedules one `social-digest-mail` job per member, keyed by the troop, the day and the
 * person: exactly one digest per member and day, however many workers run it or run it again.
 * The mail job asks the rules again when it sends and sends under a Message-ID made from the
 * job (docs/decisions/052-durable-jobs.md).
 *
 * "Of the last day" is when a post became visible to its channel: created so, or approved by a
 * leader since the last digest (its `updated_at`, which moderation sets). A post locked or
 * unhidden in the day is listed again; one waiting for approval longer than LOOK_BACK_DAYS is
 * not news when approved and is not listed.
 */
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { jobMessageId } from '../mail/message-id.ts';
import { activeUsers } from '../notices/recipients.ts';
import { readSettings, settingsOf, socialChoiceOf } from '../notices/settings.ts';
import { deriveUnsubscribeKey } from '../notices/unsubscribe-token.ts';
import { isoInstant } from '../store/sql-values.ts';
import { readsChannel, type SocialMember, type SocialRoster } from './channel-rules.ts';
import { socialDigestMail } from './mail-message.ts';
import { addressOf, feedUrl, mailedPost, photoCounts, socialUnsubscribeUrl } from './mail-parts.ts';
import { SOCIAL_JOB_KINDS, type SocialDigestPayload } from './notify.ts';
import { readRoster } from './roster.ts';
import { placeholders } from './sql-lists.ts';
import { selectSocialPosts, type StoredSocialPost } from './stored-items.ts';

const DAY_MS = 24 * 3600_000;
/** A post created longer ago than this and approved today is not in today's digest. */
const LOOK_BACK_DAYS = 30;
/** Posts one digest job names; a day of a troop's feed is far fewer. */
const DIGEST_POSTS_MAX = 200;

export interface SocialDigestMailPayload extends SocialDigestPayload {
  userId: string;
  /** The posts the member was to read of the day, oldest first. */
  postIds: string[];
}

/** The posts a member is told of: visible, in a channel they read, written by someone else. */
const theirs = (roster: SocialRoster, member: SocialMember, posts: readonly StoredSocialPost[]) =>
  posts.filter(
    (p) =>
      p.status === 'visible' &&
      p.authorId !== member.userId &&
      readsChannel(roster, member, p.channel),
  );

export function socialDigestJobs(deps: ReadyDeps): Record<string, JobHandler> {
  const { store, clock, config } = deps;
  const key = deriveUnsubscribeKey(deps.jwtSecret);

  return {
    async [SOCIAL_JOB_KINDS.digest](job) {
      const { since, due } = job.payload as Partial<SocialDigestPayload>;
      const troop = job.troopId === null ? undefined : await deps.troops.byId(job.troopId);
      if (!troop || typeof since !== 'number' || typeof due !== 'number') return;
      const posts = await selectSocialPosts(
        store,
        troop.id,
        "p.status = 'visible' AND p.updated_at > ? AND p.updated_at <= ? AND p.created_at > ?",
        [isoInstant(since), isoInstant(due), isoInstant(since - LOOK_BACK_DAYS * DAY_MS)],
        `ORDER BY p.created_at, p.id LIMIT ${DIGEST_POSTS_MAX}`,
      );
      if (posts.length === 0) return;
      const roster = await readRoster(store, config.roles, troop.id);
      const settings = await settingsOf(store, [...roster.members.keys()]);
      for (const [userId, s] of settings) {
        if (socialChoiceOf(s) !== 'digest') continue;
        const told = theirs(roster, roster.members.get(userId)!, posts);
        if (told.length === 0) continue;
        const payload: SocialDigestMailPayload = {
          since,
          due,
          userId,
          postIds: told.map((p) => p.id),
        };
        await enqueueJob(store, clock.now(), {
          kind: SOCIAL_JOB_KINDS.digestMail,
          payload,
          dedupeKey: `social-digest-mail:${troop.id}:${due}:${userId}`,
          troopId: troop.id,
        });
      }
    },

    async [SOCIAL_JOB_KINDS.digestMail](job) {
      const { userId, postIds } = job.payload as Partial<SocialDigestMailPayload>;
      const troop = job.troopId === null ? undefined : await deps.troops.byId(job.troopId);
      if (!troop || typeof userId !== 'string' || !Array.isArray(postIds)) return;
      const ids = postIds.filter((id): id is string => typeof id === 'string');
      if (ids.length === 0) return;
      if (socialChoiceOf(await readSettings(store, userId)) !== 'digest') return;
      const [user] = await activeUsers(store, troop.id, [userId]);
      if (!user) return;
      const roster = await readRoster(store, config.roles, troop.id);
      const member = roster.members.get(userId);
      if (!member) return;
      // As they stand now: a post hidden or a channel closed to the member since is left out.
      const stored = await selectSocialPosts(
        store,
        troop.id,
        `p.id IN (${placeholders(ids.length)})`,
        ids,
        'ORDER BY p.created_at, p.id',
      );
      const posts = theirs(roster, member, stored);
      if (posts.length === 0) return;
      const photos = await photoCounts(
        store,
        troop.id,
        posts.map((p) => p.id),
      );
      await deps.mail.send({
        ...socialDigestMail({
          to: addressOf(user),
          troopName: troop.name,
          posts: posts.map((p) => mailedPost(config, troop, roster, p, photos.get(p.id) ?? 0)),
          feedUrl: feedUrl(config, troop),
          unsubscribeUrl: socialUnsubscribeUrl(config, key, troop, user.id),
        }),
        messageId: jobMessageId(job.id, user.email, config.publicUrl),
      });
    },
  };
}
