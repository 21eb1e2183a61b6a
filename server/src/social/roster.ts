/**
 * A troop's members as the feed's rules read them (channel-rules.ts), in three queries: the
 * active members with their role and scout profile, the households' adults and scouts, and the
 * troop's patrols. Read once a request; a troop is at most a few hundred people.
 */
import { can, PERMISSIONS, type RolesConfig } from '@scout/protocol/permissions';
import { patrolChannelId, type SocialChannelId } from '@scout/protocol/social';
import { memberName } from '../rsvps/attendees.ts';
import type { Queryable } from '../store/store.ts';
import type { SocialMember, SocialRoster } from './channel-rules.ts';

interface MemberRow {
  user_id: string;
  role: string;
  email: string;
  display_name: string | null;
  scout_id: string | null;
  own_patrol: string | null;
  may_post: number | boolean | null;
}

interface HouseholdRow {
  household_id: string;
  user_id: string;
}

interface ScoutRow {
  household_id: string;
  patrol: string | null;
  user_id: string | null;
}

const hasPatrol = (patrol: string | null): patrol is string =>
  patrol !== null && patrol.trim() !== '';

export async function readRoster(
  db: Queryable,
  roles: RolesConfig,
  troopId: string,
): Promise<SocialRoster> {
  const members = await db.query<MemberRow>(
    `SELECT m.user_id, m.role, u.email, u.display_name,
            s.id AS scout_id, s.patrol AS own_patrol, s.may_post
       FROM memberships m
       JOIN users u ON u.id = m.user_id
       LEFT JOIN scouts s ON s.troop_id = m.troop_id AND s.user_id = m.user_id
      WHERE m.troop_id = ? AND m.status = 'active'
      ORDER BY m.user_id`,
    [troopId],
  );
  const adults = await db.query<HouseholdRow>(
    'SELECT household_id, user_id FROM household_adults WHERE troop_id = ?',
    [troopId],
  );
  const scouts = await db.query<ScoutRow>(
    'SELECT household_id, patrol, user_id FROM scouts WHERE troop_id = ?',
    [troopId],
  );

  const active = new Set(members.rows.map((m) => m.user_id));
  const adultsOf = new Map<string, string[]>();
  for (const a of adults.rows) {
    if (!active.has(a.user_id)) continue;
    adultsOf.set(a.household_id, [...(adultsOf.get(a.household_id) ?? []), a.user_id]);
  }
  const patrols = new Map<SocialChannelId, string>();
  const householdPatrols = new Map<string, SocialChannelId[]>();
  const householdScouts = new Map<string, string[]>();
  const youthHousehold = new Map<string, string>();
  for (const s of scouts.rows) {
    if (hasPatrol(s.patrol)) {
      const id = patrolChannelId(s.patrol);
      if (!patrols.has(id)) patrols.set(id, s.patrol.trim().replace(/\s+/g, ' '));
      householdPatrols.set(s.household_id, [...(householdPatrols.get(s.household_id) ?? []), id]);
    }
    if (s.user_id !== null) {
      householdScouts.set(s.household_id, [
        ...(householdScouts.get(s.household_id) ?? []),
        s.user_id,
      ]);
      youthHousehold.set(s.user_id, s.household_id);
    }
  }
  const householdsOf = new Map<string, string[]>();
  for (const a of adults.rows)
    householdsOf.set(a.user_id, [...(householdsOf.get(a.user_id) ?? []), a.household_id]);

  const roster = new Map<string, SocialMember>();
  for (const m of members.rows) {
    const youth = m.scout_id !== null;
    const name = memberName(m.display_name, m.email);
    if (youth) {
      const household = youthHousehold.get(m.user_id);
      roster.set(m.user_id, {
        userId: m.user_id,
        name,
        moderator: can(roles, m.role, PERMISSIONS.socialModerate),
        youth: true,
        patrols: hasPatrol(m.own_patrol) ? [patrolChannelId(m.own_patrol)] : [],
        parents: household === undefined ? [] : (adultsOf.get(household) ?? []),
        children: [],
        mayPost: Number(m.may_post) === 1 || m.may_post === true,
      });
      continue;
    }
    const households = householdsOf.get(m.user_id) ?? [];
    roster.set(m.user_id, {
      userId: m.user_id,
      name,
      moderator: can(roles, m.role, PERMISSIONS.socialModerate),
      youth: false,
      patrols: [...new Set(households.flatMap((h) => householdPatrols.get(h) ?? []))],
      parents: [],
      children: [...new Set(households.flatMap((h) => householdScouts.get(h) ?? []))],
      mayPost: true,
    });
  }
  return { members: roster, patrols };
}
