/**
 * Who has not answered an occurrence, by household (issue: leaders chase the rest). Only the
 * people of households count: each scout, and each active adult of a household who is not a
 * scout's own account, once (an adult of two households under the first, as attendees.ts
 * reads them). An account in no household (an admin, a leader without a family) is not counted.
 */
import type { WireNoAnswerHousehold } from '@scout/protocol/rsvps';
import type { Queryable } from '../store/store.ts';
import { memberName } from './attendees.ts';

export interface PersonRow {
  household_id: string;
  household: string;
  attendee: string;
  youth: number;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  email: string | null;
  patrol: string | null;
}

/** Every scout and household adult of the troop, as answers name them. */
export async function householdPeople(db: Queryable, troopId: string): Promise<PersonRow[]> {
  const { rows } = await db.query<PersonRow>(
    `SELECT s.household_id, h.name AS household, 'scout:' || s.id AS attendee, 1 AS youth,
       s.first_name, s.last_name, NULL AS display_name, NULL AS email, s.patrol
     FROM scouts s JOIN households h ON h.id = s.household_id
     WHERE s.troop_id = ?
     UNION ALL
     SELECT a.household_id, h.name AS household, 'user:' || u.id AS attendee, 0 AS youth,
       NULL AS first_name, NULL AS last_name, u.display_name, u.email, NULL AS patrol
     FROM household_adults a
     JOIN households h ON h.id = a.household_id
     JOIN users u ON u.id = a.user_id
     JOIN memberships m ON m.user_id = a.user_id AND m.troop_id = a.troop_id
     WHERE a.troop_id = ? AND m.status = 'active'
       AND u.id NOT IN (SELECT user_id FROM scouts WHERE troop_id = ? AND user_id IS NOT NULL)
       AND a.household_id = (SELECT MIN(b.household_id) FROM household_adults b
                             WHERE b.troop_id = a.troop_id AND b.user_id = a.user_id)`,
    [troopId, troopId, troopId],
  );
  return rows;
}

export const nameOf = (r: PersonRow) =>
  r.first_name !== null
    ? `${r.first_name} ${r.last_name ?? ''}`.trim()
    : memberName(r.display_name, r.email ?? '');

/** The households with someone who has not answered, their people and their adults' contacts. */
export function noAnswerHouseholds(
  people: readonly PersonRow[],
  answered: ReadonlySet<string>,
): WireNoAnswerHousehold[] {
  const byHousehold = new Map<string, WireNoAnswerHousehold>();
  for (const r of people) {
    const h = byHousehold.get(r.household_id) ?? {
      householdId: r.household_id,
      household: r.household,
      people: [],
      adults: [],
    };
    byHousehold.set(r.household_id, h);
    const youth = Number(r.youth) === 1;
    if (!youth && r.email) h.adults.push({ name: nameOf(r), email: r.email });
    if (!answered.has(r.attendee)) h.people.push({ attendee: r.attendee, name: nameOf(r), youth });
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return [...byHousehold.values()]
    .filter((h) => h.people.length > 0)
    .map((h) => ({ ...h, people: h.people.sort(byName), adults: h.adults.sort(byName) }))
    .sort(
      (a, b) =>
        a.household.localeCompare(b.household) || a.householdId.localeCompare(b.householdId),
    );
}
