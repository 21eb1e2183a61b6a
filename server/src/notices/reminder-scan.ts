/**
 * Schedules reminders (docs/product.md, Reminders and notifications). Every process looks ahead
 * once a minute over the occurrences starting within the longest reminder setting, and for each
 * household (or member in none) whose reminder falls due before the next look, schedules a
 * `reminder` job keyed `reminder:<event>:<occurrence>:<target>`: however many processes look,
 * one job exists, and it sends at most once.
 */
import { REMINDER_HOURS_MAX } from '@scout/protocol/notification-settings';
import { isoDay } from '@scout/protocol/wall-clock';
import { unitsOf } from '../calendar/calendar-units.ts';
import { expandOccurrences } from '../calendar/occurrences.ts';
import { rowsForWindow } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { instantOf } from './event-state.ts';
import { JOB_KINDS } from './job-kinds.ts';
import { reminderTargets } from './recipients.ts';
import { settingsOf } from './settings.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
export const REMINDER_SCAN_EVERY_MS = 60_000;

export async function scheduleReminders(
  deps: Pick<ReadyDeps, 'store' | 'clock' | 'troops'>,
  lookaheadMs = 2 * REMINDER_SCAN_EVERY_MS,
): Promise<number> {
  // Each troop's reminders, by its own clocks, for its own households (docs/decisions/065-troops.md).
  const { rows } = await deps.store.query<{ id: string }>('SELECT id FROM troops ORDER BY id');
  let scheduled = 0;
  for (const { id } of rows) {
    const troop = await deps.troops.byId(id);
    if (troop) scheduled += await scheduleTroopReminders(deps, troop, lookaheadMs);
  }
  return scheduled;
}

async function scheduleTroopReminders(
  deps: Pick<ReadyDeps, 'store' | 'clock'>,
  troop: Pick<Troop, 'id' | 'timeZone' | 'councilId'>,
  lookaheadMs: number,
): Promise<number> {
  const { store, clock } = deps;
  const now = clock.now();
  const horizon = now + REMINDER_HOURS_MAX * HOUR_MS;
  const from = isoDay(now - DAY_MS);
  const to = isoDay(horizon + DAY_MS);
  const occurrences = expandOccurrences(
    // The troop's events and its council's: a council event reminds each troop's households.
    await rowsForWindow(store, unitsOf(troop), from, to),
    from,
    to,
    troop.timeZone,
  ).filter((o) => o.status === 'confirmed');
  if (occurrences.length === 0) return 0;
  const targets = await reminderTargets(store, troop.id);
  const settings = await settingsOf(store, [...new Set([...targets.values()].flat())]);
  let scheduled = 0;
  for (const o of occurrences) {
    const startMs = instantOf(troop.timeZone, o.date, o.allDay ? null : o.time);
    if (startMs <= now || startMs > horizon) continue;
    const eventId = o.seriesId ?? o.eventId;
    const occurrence = o.seriesId ? (o.occurrenceDate ?? o.date) : '';
    // Event ids are unique across troops, and household ids too: a key is one troop's, but for
    // a council's event a member in no household of two of its troops has one job for both.
    const prefix = `reminder:${eventId}:${occurrence}:`;
    // One read instead of an insert per household on every look: most are scheduled already.
    const known = await scheduledKeys(
      store,
      [...targets.keys()].map((target) => prefix + target),
    );
    for (const [target, adults] of targets) {
      if (known.has(prefix + target)) continue;
      const hours = adults
        .map((id) => settings.get(id))
        .filter((s) => s?.reminders)
        .map((s) => s!.reminderHours);
      if (hours.length === 0) continue;
      const due = startMs - Math.max(...hours) * HOUR_MS;
      if (due > now + lookaheadMs) continue;
      const created = await enqueueJob(store, now, {
        kind: JOB_KINDS.reminder,
        payload: { eventId, occurrence, target },
        dedupeKey: prefix + target,
        runAt: Math.max(due, now),
        troopId: troop.id,
      });
      if (created) scheduled++;
    }
  }
  return scheduled;
}

/**
 * The keys among `keys` that have a job. By key rather than by the event's prefix: a council's
 * event has the jobs of every troop of the council under its prefix, and each troop's look would
 * read them all (a hundred troops' households, for each of the hundred troops).
 */
async function scheduledKeys(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
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
