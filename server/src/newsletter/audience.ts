/**
 * Who reads a post (docs/decisions/081-newsletter-posts.md). The rule is pure (`mayRead`) and
 * decides everything: the archive, one post, the banner and the mail's recipients all ask it of
 * a reader as `troopReaders`/`readerOf` read them from the store, so what a member is mailed and
 * what they may open can never differ.
 *
 * - Drafts and scheduled posts: only writers (`newsletter.write`) of the troop.
 * - A writer reads every sent post of the troop and of its council.
 * - `troop`: every member. `adults`: every member who is not a youth. `leaders`: writers only.
 * - `patrols`: a youth of one of the patrols, and every adult of a household with a scout in one;
 *   so a parent reads everything their scout reads.
 * A youth is a member whose account is a scout's profile in the troop (`scouts.user_id`).
 */
import {
  patrolKey,
  type NewsletterAudience,
  type NewsletterStatus,
} from '@scout/protocol/newsletter';
import { can, PERMISSIONS, type RolesConfig } from '@scout/protocol/permissions';
import type { Queryable } from '../store/store.ts';

export interface NewsletterReader {
  userId: string;
  email: string;
  displayName: string | null;
  /** The reader's role in the troop grants `newsletter.write`. */
  writer: boolean;
  youth: boolean;
  /** patrolKey()s: a youth's own patrol; an adult's household scouts' patrols. */
  patrols: string[];
}

export interface AudienceOf {
  audience: NewsletterAudience;
  /** The chosen patrols' names, as written. */
  patrols: readonly string[];
  status: NewsletterStatus;
}

export function mayRead(reader: NewsletterReader, post: AudienceOf): boolean {
  if (reader.writer) return true;
  if (post.status !== 'sent') return false;
  switch (post.audience) {
    case 'troop':
      return true;
    case 'adults':
      return !reader.youth;
    case 'leaders':
      return false;
    case 'patrols': {
      const chosen = new Set(post.patrols.map(patrolKey));
      return reader.patrols.some((p) => chosen.has(p));
    }
  }
}

interface MemberRow {
  user_id: string;
  role: string;
  email: string;
  display_name: string | null;
  own_patrol: string | null;
  youth: number | boolean;
}

/** Every active member of the troop as a reader, in user id order. */
export async function troopReaders(
  db: Queryable,
  roles: RolesConfig,
  troopId: string,
): Promise<NewsletterReader[]> {
  return readers(db, roles, troopId, null);
}

/** One member of the troop as a reader; null when not an active member. */
export async function readerOf(
  db: Queryable,
  roles: RolesConfig,
  troopId: string,
  userId: string,
): Promise<NewsletterReader | null> {
  return (await readers(db, roles, troopId, userId))[0] ?? null;
}

async function readers(
  db: Queryable,
  roles: RolesConfig,
  troopId: string,
  userId: string | null,
): Promise<NewsletterReader[]> {
  const one = userId === null ? '' : 'AND m.user_id = ?';
  const args = userId === null ? [troopId] : [troopId, userId];
  const members = await db.query<MemberRow>(
    `SELECT m.user_id, m.role, u.email, u.display_name, s.patrol AS own_patrol,
            CASE WHEN s.id IS NULL THEN 0 ELSE 1 END AS youth
       FROM memberships m
       JOIN users u ON u.id = m.user_id
       LEFT JOIN scouts s ON s.troop_id = m.troop_id AND s.user_id = m.user_id
      WHERE m.troop_id = ? AND m.status = 'active' ${one}
      ORDER BY m.user_id`,
    args,
  );
  const household = await db.query<{ user_id: string; patrol: string | null }>(
    `SELECT a.user_id, s.patrol
       FROM household_adults a
       JOIN scouts s ON s.troop_id = a.troop_id AND s.household_id = a.household_id
      WHERE a.troop_id = ? ${userId === null ? '' : 'AND a.user_id = ?'} AND s.patrol IS NOT NULL`,
    args,
  );
  const scoutsPatrols = new Map<string, string[]>();
  for (const r of household.rows) {
    if (!r.patrol || r.patrol.trim() === '') continue;
    const list = scoutsPatrols.get(r.user_id) ?? [];
    list.push(patrolKey(r.patrol));
    scoutsPatrols.set(r.user_id, list);
  }
  return members.rows.map((m) => {
    const youth = Number(m.youth) === 1;
    const own = m.own_patrol && m.own_patrol.trim() !== '' ? [patrolKey(m.own_patrol)] : [];
    return {
      userId: m.user_id,
      email: m.email,
      displayName: m.display_name,
      writer: can(roles, m.role, PERMISSIONS.newsletterWrite),
      youth,
      patrols: youth ? own : [...new Set(scoutsPatrols.get(m.user_id) ?? [])],
    };
  });
}
