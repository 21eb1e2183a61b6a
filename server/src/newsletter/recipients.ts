/**
 * Whom a post is mailed to when it goes out (docs/decisions/081-newsletter-posts.md): every
 * member who reads it (audience.ts, the same rule the app asks), minus those who turned its
 * category off in their settings (`newsletters` or `announcements`). A council's post reaches the
 * members of the council and of each of its troops, once a person, in the first troop of the
 * council they joined (notices/event-audience.ts): that troop names the mail and holds its links.
 */
import type { NewsletterKind } from '@scout/protocol/newsletter';
import type { NewEventsDigest, NotificationKind } from '@scout/protocol/notification-settings';
import type { RolesConfig } from '@scout/protocol/permissions';
import { audienceOf } from '../notices/event-audience.ts';
import { newEventsDigestOf, settingsOf, wants } from '../notices/settings.ts';
import type { Queryable } from '../store/store.ts';
import { mayRead, troopReaders, type AudienceOf } from './audience.ts';

/** The settings' kind that decides a post's mail. */
export const categoryOf = (kind: NewsletterKind): NotificationKind =>
  kind === 'announcement' ? 'announcements' : 'newsletters';

export interface PostRecipient {
  userId: string;
  /** The troop the person is mailed in. */
  troopId: string;
  /** How they take their mail of new events: a newsletter comes the same way. */
  digest: NewEventsDigest;
}

export async function postRecipients(
  db: Queryable,
  roles: RolesConfig,
  post: { troopId: string; kind: NewsletterKind } & Omit<AudienceOf, 'status'>,
): Promise<PostRecipient[]> {
  const homes = await audienceOf(db, post.troopId);
  const troops = [...new Set(homes.values())].sort();
  const readers: Array<{ userId: string; troopId: string }> = [];
  const sent: AudienceOf = { audience: post.audience, patrols: post.patrols, status: 'sent' };
  for (const troopId of troops) {
    // Read in the troop they are mailed in: their role and household there decide.
    for (const reader of await troopReaders(db, roles, troopId)) {
      if (homes.get(reader.userId) !== troopId || !mayRead(reader, sent)) continue;
      readers.push({ userId: reader.userId, troopId });
    }
  }
  const settings = await settingsOf(
    db,
    readers.map((r) => r.userId),
  );
  const category = categoryOf(post.kind);
  return readers
    .filter((r) => wants(settings.get(r.userId)!, category))
    .map((r) => ({ ...r, digest: newEventsDigestOf(settings.get(r.userId)!) }))
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}
