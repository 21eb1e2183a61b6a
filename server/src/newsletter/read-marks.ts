/**
 * Who opened which post in the app (`newsletter_reads`), and a post's reach for its writers:
 * the people it was mailed to (`newsletter_deliveries`), those the mail server took it for, and
 * those who opened it. A council's post is counted in the troop asking: its deliveries and reads
 * there (a person's delivery row names the troop they got it in); its own council counts all.
 */
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { StoredPost } from './stored-posts.ts';

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The ids among `postIds` the account has opened. */
export async function readPostIds(
  db: Queryable,
  userId: string,
  postIds: string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const { rows } = await db.query<{ post_id: string }>(
    `SELECT post_id FROM newsletter_reads WHERE user_id = ? AND post_id IN (${marks(postIds.length)})`,
    [userId, ...postIds],
  );
  return new Set(rows.map((r) => r.post_id));
}

/** Marks the post opened by the account, once: the first time is the one kept. */
export async function markRead(
  db: Queryable,
  troopId: string,
  postId: string,
  userId: string,
  nowMs: number,
): Promise<void> {
  await db.query(
    `INSERT INTO newsletter_reads (post_id, user_id, troop_id, read_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (post_id, user_id) DO NOTHING`,
    [postId, userId, troopId, isoInstant(nowMs)],
  );
}

export interface Reach {
  mailed: number;
  opened: number;
  audience: number;
}

/** Each sent post's reach as the troop `troopId` counts it. */
export async function reachOf(
  db: Queryable,
  troopId: string,
  posts: StoredPost[],
): Promise<Map<string, Reach>> {
  const sent = posts.filter((p) => p.status === 'sent');
  const reach = new Map<string, Reach>(
    sent.map((p) => [p.id, { mailed: 0, opened: 0, audience: 0 }]),
  );
  const own = sent.filter((p) => p.troopId === troopId).map((p) => p.id);
  const council = sent.filter((p) => p.troopId !== troopId).map((p) => p.id);
  for (const [ids, here] of [
    [own, false],
    [council, true],
  ] as const) {
    if (ids.length === 0) continue;
    const inTroop = here ? ' AND troop_id = ?' : '';
    const args = [...ids, ...(here ? [troopId] : [])];
    const deliveries = await db.query<{ post_id: string; audience: number; mailed: number }>(
      `SELECT post_id, COUNT(*) AS audience, COUNT(mailed_at) AS mailed
         FROM newsletter_deliveries WHERE post_id IN (${marks(ids.length)})${inTroop}
        GROUP BY post_id`,
      args,
    );
    for (const r of deliveries.rows) {
      const it = reach.get(r.post_id);
      if (it) Object.assign(it, { audience: Number(r.audience), mailed: Number(r.mailed) });
    }
    const reads = await db.query<{ post_id: string; opened: number }>(
      `SELECT post_id, COUNT(*) AS opened
         FROM newsletter_reads WHERE post_id IN (${marks(ids.length)})${inTroop}
        GROUP BY post_id`,
      args,
    );
    for (const r of reads.rows) {
      const it = reach.get(r.post_id);
      if (it) it.opened = Number(r.opened);
    }
  }
  return reach;
}
