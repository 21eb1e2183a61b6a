/**
 * What a council reads of its troops (docs/decisions/065-troops.md): for each troop, how many
 * active members it has, its events in the next COUNCIL_OVERVIEW_DAYS days, and the share of the
 * answers those events could have that were given. Counts only: no names, no households, no
 * scouts, no answer of anyone.
 */
import {
  COUNCIL_OVERVIEW_DAYS,
  type CouncilOverview,
  type CouncilTroopSummary,
} from '@scout/protocol/troops';
import { isoDay, utcOffsetAt } from '@scout/protocol/wall-clock';
import { expandOccurrences, type Occurrence } from '../calendar/occurrences.ts';
import { rowsForWindow } from '../calendar/stored-events.ts';
import type { Config } from '../config.ts';
import { householdPeople } from '../rsvps/non-responders.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { wireTroopOf } from './create-troop.ts';
import { TROOP_COLUMNS, toTroop } from './troop-directory.ts';
import { byText } from './troop-list.ts';

type Defaults = Pick<Config, 'projectId' | 'timezone' | 'signupMode' | 'troopContact'>;

const DAY_MS = 86_400_000;

/** The council's troops, by number and name. */
export async function troopsOfCouncil(
  db: Queryable,
  config: Defaults,
  councilId: string,
): Promise<Troop[]> {
  const { rows } = await db.query<Parameters<typeof toTroop>[0]>(
    `SELECT ${TROOP_COLUMNS} FROM troops WHERE council_id = ? AND kind = 'troop'`,
    [councilId],
  );
  return rows
    .map((row) => toTroop(row, config))
    .sort((a, b) => byText(a.number, b.number) || byText(a.name, b.name));
}

/** Today and the last day the overview counts, as the troop's clocks show them. */
export function upcomingWindow(timeZone: string, now: number): { from: string; to: string } {
  const today = isoDay(now + utcOffsetAt(timeZone, now) * 1000);
  const from = Date.parse(`${today}T00:00:00Z`);
  return { from: today, to: isoDay(from + (COUNCIL_OVERVIEW_DAYS - 1) * DAY_MS) };
}

/** The key of an occurrence's answers: the single event, or the series and its original date. */
const answerKey = (o: Occurrence) =>
  o.seriesId ? `${o.seriesId}\u0000${o.occurrenceDate ?? o.date}` : `${o.eventId}\u0000`;

export async function troopSummary(
  db: Queryable,
  troop: Troop,
  now: number,
): Promise<CouncilTroopSummary> {
  const { rows: counted } = await db.query<{ members: number | string }>(
    `SELECT COUNT(*) AS members FROM memberships WHERE troop_id = ? AND status = 'active'`,
    [troop.id],
  );
  const { from, to } = upcomingWindow(troop.timeZone, now);
  // Events starting in the window that still take place: a cancelled one asks for no answers.
  const upcoming = expandOccurrences(
    await rowsForWindow(db, troop.id, from, to),
    from,
    to,
    troop.timeZone,
  ).filter((o) => o.date >= from && o.status === 'confirmed');
  const people = new Set((await householdPeople(db, troop.id)).map((p) => p.attendee));
  const possible = upcoming.length * people.size;
  let given = 0;
  if (possible > 0) {
    const keys = new Set(upcoming.map(answerKey));
    const eventIds = [...new Set(upcoming.map((o) => o.seriesId ?? o.eventId))];
    const { rows: answers } = await db.query<{
      event_id: string;
      occurrence: string;
      attendee: string;
    }>(
      `SELECT event_id, occurrence, attendee FROM rsvps
        WHERE troop_id = ? AND event_id IN (${eventIds.map(() => '?').join(', ')})`,
      [troop.id, ...eventIds],
    );
    given = answers.filter(
      (a) => keys.has(`${a.event_id}\u0000${a.occurrence}`) && people.has(a.attendee),
    ).length;
  }
  return {
    projectId: troop.projectId,
    number: troop.number,
    name: troop.name,
    timeZone: troop.timeZone,
    members: Number(counted[0]?.members ?? 0),
    upcomingEvents: upcoming.length,
    answerRate: possible > 0 ? given / possible : null,
  };
}

export async function councilOverview(
  db: Queryable,
  config: Defaults,
  council: Troop,
  now: number,
): Promise<CouncilOverview> {
  const troops: CouncilTroopSummary[] = [];
  for (const troop of await troopsOfCouncil(db, config, council.id))
    troops.push(await troopSummary(db, troop, now));
  return { council: wireTroopOf(council), troops };
}
