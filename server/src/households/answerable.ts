import type { Queryable } from '../store/store.ts';

/**
 * Who a member may answer for (docs/decisions/050-households-and-rsvps.md): themself, and every
 * scout of a household they are an adult of. A scout with an account answers for themself as
 * `scout:<id>`, the key the household's adults use for that scout too: both name the same
 * person, so an answer is always stored under the scout's profile when one exists.
 */
export interface Attendee {
  /** `user:<id>` or `scout:<id>`: the key an answer is stored under. */
  attendee: string;
  userId: string | null;
  scoutId: string | null;
  householdId: string | null;
  youth: boolean;
  /** First and last name, for the lists members see. */
  name: string;
}

export const SCOUT_COLUMNS = 'id, household_id, first_name, last_name, user_id';

export interface ScoutRow {
  id: string;
  household_id: string;
  first_name: string;
  last_name: string;
  user_id: string | null;
}

/** The people `userId` may answer for in the troop, themself first. */
export async function answerableAttendees(
  db: Queryable,
  troopId: string,
  userId: string,
): Promise<Attendee[]> {
  const own = await db.query<ScoutRow>(
    `SELECT ${SCOUT_COLUMNS} FROM scouts WHERE troop_id = ? AND user_id = ?`,
    [troopId, userId],
  );
  const self = own.rows[0];
  const adultOf = await db.query<{ household_id: string }>(
    'SELECT household_id FROM household_adults WHERE troop_id = ? AND user_id = ?',
    [troopId, userId],
  );
  const people: Attendee[] = [];
  if (self) {
    people.push(scoutAttendee(self));
  } else {
    const me = await db.query<{ display_name: string | null; email: string }>(
      'SELECT display_name, email FROM users WHERE id = ?',
      [userId],
    );
    people.push({
      attendee: `user:${userId}`,
      userId,
      scoutId: null,
      householdId: adultOf.rows[0]?.household_id ?? null,
      youth: false,
      name: me.rows[0]?.display_name ?? me.rows[0]?.email ?? '',
    });
  }
  for (const { household_id } of adultOf.rows) {
    const scouts = await db.query<ScoutRow>(
      `SELECT ${SCOUT_COLUMNS} FROM scouts WHERE troop_id = ? AND household_id = ? ORDER BY first_name, id`,
      [troopId, household_id],
    );
    for (const scout of scouts.rows) {
      if (scout.id !== self?.id) people.push(scoutAttendee(scout));
    }
  }
  return people;
}

/** A scout's profile as the person answers are stored under. */
export function scoutAttendee(row: ScoutRow): Attendee {
  return {
    attendee: `scout:${row.id}`,
    userId: row.user_id,
    scoutId: row.id,
    householdId: row.household_id,
    youth: true,
    name: `${row.first_name} ${row.last_name}`.trim(),
  };
}
