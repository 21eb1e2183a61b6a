/**
 * The look ahead every reminder scan shares (event reminders, notices/reminder-scan.ts;
 * volunteers', volunteer/reminders.ts): once a minute, for each troop by its own clocks, the
 * confirmed occurrences starting within the longest reminder setting, and for each thing to
 * remind of, whether its job is scheduled already and when it falls due under the members'
 * reminder settings. A job is keyed so that however many processes look, one exists.
 */
import {
  REMINDER_HOURS_MAX,
  type WireNotificationSettings,
} from '@scout/protocol/notification-settings';
import { isoDay } from '@scout/protocol/wall-clock';
import { unitsOf } from '../calendar/calendar-units.ts';
import { expandOccurrences, type Occurrence } from '../calendar/occurrences.ts';
import { rowsForWindow } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';

export const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
export const REMINDER_SCAN_EVERY_MS = 60_000;

export type ScannedTroop = Pick<Troop, 'id' | 'timeZone' | 'councilId'>;

/**
 * Runs `scan` over the window of each troop `troopIdsSql` names (one column, the troop's id)
 * that has an occurrence in it, and sums what it scheduled. Each troop's reminders go by its own
 * clocks (docs/decisions/065-troops.md).
 */
export async function scanEachTroop(
  deps: Pick<ReadyDeps, 'store' | 'clock' | 'troops'>,
  troopIdsSql: string,
  scan: (troop: ScannedTroop, window: ReminderWindow) => Promise<number>,
): Promise<number> {
  const { rows } = await deps.store.query<{ id: string }>(troopIdsSql);
  let scheduled = 0;
  for (const { id } of rows) {
    const troop = await deps.troops.byId(id);
    if (!troop) continue;
    const window = await reminderWindow(deps, troop);
    if (window.occurrences.length > 0) scheduled += await scan(troop, window);
  }
  return scheduled;
}

/** The look's window: from now to the longest reminder setting ahead. */
export interface ReminderWindow {
  now: number;
  horizon: number;
  /** The confirmed occurrences of the troop's events and its council's around the window. */
  occurrences: Occurrence[];
  /** The ids of the council's events among them: these remind each person in one troop only. */
  councilEvents: Set<string>;
}

export async function reminderWindow(
  deps: Pick<ReadyDeps, 'store' | 'clock'>,
  troop: ScannedTroop,
): Promise<ReminderWindow> {
  const now = deps.clock.now();
  const horizon = now + REMINDER_HOURS_MAX * HOUR_MS;
  const from = isoDay(now - DAY_MS);
  const to = isoDay(horizon + DAY_MS);
  // The troop's events and its council's: a council event reminds each troop's households.
  const rows = await rowsForWindow(deps.store, unitsOf(troop), from, to);
  const occurrences = expandOccurrences(rows, from, to, troop.timeZone).filter(
    (o) => o.status === 'confirmed',
  );
  const councilEvents = new Set(
    rows.filter((r) => r.troop_id !== undefined && r.troop_id !== troop.id).map((r) => r.id),
  );
  return { now, horizon, occurrences, councilEvents };
}

/** An occurrence's event id and occurrence key, as jobs and answers name them. */
export function occurrenceKey(o: Occurrence): { eventId: string; occurrence: string } {
  return {
    eventId: o.seriesId ?? o.eventId,
    occurrence: o.seriesId ? (o.occurrenceDate ?? o.date) : '',
  };
}

/**
 * When a reminder of what starts at `startMs` falls due: the earliest of the hours before that
 * `people` who want reminders chose; null when none of them wants one.
 */
export function reminderDue(
  startMs: number,
  people: readonly string[],
  settings: ReadonlyMap<string, WireNotificationSettings>,
): number | null {
  const hours = people
    .map((id) => settings.get(id))
    .filter((s) => s?.reminders)
    .map((s) => s!.reminderHours);
  return hours.length === 0 ? null : startMs - Math.max(...hours) * HOUR_MS;
}

/**
 * The keys among `keys` that have a job: one read instead of an insert per reminder on every
 * look, as most are scheduled already. By key rather than by an event's prefix: a council's
 * event has the jobs of every troop of the council under its prefix, and each troop's look would
 * read them all.
 */
export async function scheduledKeys(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const { rows } = await db.query<{ dedupe_key: string }>(
      `SELECT dedupe_key FROM jobs WHERE dedupe_key IN (${chunk.map(() => '?').join(', ')})`,
      chunk,
    );
    for (const r of rows) known.add(r.dedupe_key);
  }
  return known;
}
