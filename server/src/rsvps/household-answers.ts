/**
 * The answers of the people a member answers for (themself and their household's scouts) to
 * the events of a window, and how many are going to each, for the lists that show them beside
 * each event (docs/protocol.md, RSVPs). A single event is in the window when its days meet it; an occurrence of a series by
 * the date the series gives it, the date its answers are stored under. Events the member may
 * not read are left out, as everywhere else.
 */
import type { WireHouseholdAnswers } from '@scout/protocol/rsvps';
import type { RolesConfig } from '@scout/protocol/permissions';
import type { RsvpAnswer } from '@scout/protocol/rsvps';
import { unitsCondition, type CalendarUnits } from '../calendar/calendar-units.ts';
import { readableEvents } from '../calendar/read-scope.ts';
import type { EventRecord } from '../calendar/occurrences.ts';
import type { Attendee } from '../households/answerable.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { Queryable } from '../store/store.ts';
import { readBoolean, storedBoolean } from '../store/sql-values.ts';

interface GoingRow extends EventRecord {
  occurrence: string;
  going: number | string;
}

interface Row extends EventRecord {
  occurrence: string;
  attendee: string;
  answer: string;
  waitlisted: unknown;
}

/** A single event whose days meet the window, or an occurrence by its series date. */
const IN_WINDOW = `(
  (r.occurrence = '' AND e.event_date <= ? AND COALESCE(e.end_date, e.event_date) >= ?)
  OR (r.occurrence <> '' AND r.occurrence >= ? AND r.occurrence <= ?)
)`;

export async function householdAnswers(
  db: Queryable,
  units: CalendarUnits,
  roles: RolesConfig,
  caller: SignedInCaller,
  people: Attendee[],
  window: { from: string; to: string },
): Promise<WireHouseholdAnswers> {
  const troopId = units.troopId;
  // The troop's answers, to its own events and to its council's.
  const events = unitsCondition(units, 'e.troop_id');
  const ofEvents = events.sql;
  const keys = people.map((p) => p.attendee);
  if (keys.length === 0) return { people: [], answers: [], going: [] };
  const { rows } = await db.query<Row>(
    `SELECT e.id, e.user_id, e.event_name, e.event_date, e.event_time, e.hyperlink,
       e.creator_name, e.created_at, r.occurrence, r.attendee, r.answer, r.waitlisted
     FROM rsvps r JOIN calendar_events e ON e.id = r.event_id AND ${ofEvents}
     WHERE r.troop_id = ? AND r.attendee IN (${keys.map(() => '?').join(', ')})
       AND ${IN_WINDOW}
     ORDER BY r.event_id, r.occurrence, r.attendee`,
    [...events.params, troopId, ...keys, window.to, window.from, window.from, window.to],
  );
  // How many are going to each event of the window, so a list shows the places left.
  const counted = await db.query<GoingRow>(
    `SELECT e.id, e.user_id, e.event_name, e.event_date, e.event_time, e.hyperlink,
       e.creator_name, e.created_at, r.occurrence, COUNT(*) AS going
     FROM rsvps r JOIN calendar_events e ON e.id = r.event_id AND ${ofEvents}
     WHERE r.troop_id = ? AND r.answer = 'going' AND r.waitlisted = ? AND ${IN_WINDOW}
     GROUP BY e.id, e.user_id, e.event_name, e.event_date, e.event_time, e.hyperlink,
       e.creator_name, e.created_at, r.occurrence`,
    [
      ...events.params,
      troopId,
      storedBoolean(db, false),
      window.to,
      window.from,
      window.from,
      window.to,
    ],
  );
  return {
    people: people.map(({ attendee, name, youth }) => ({ attendee, name, youth })),
    answers: readableEvents(roles, caller, rows).map((r) => ({
      eventId: r.id,
      occurrence: r.occurrence,
      attendee: r.attendee,
      answer: r.answer as RsvpAnswer,
      waitlisted: readBoolean(r.waitlisted),
    })),
    going: readableEvents(roles, caller, counted.rows).map((r) => ({
      eventId: r.id,
      occurrence: r.occurrence,
      count: Number(r.going),
    })),
  };
}
