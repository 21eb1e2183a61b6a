/**
 * Schedules reminders (docs/product.md, Reminders and notifications). Every process looks ahead
 * once a minute over the occurrences starting within the longest reminder setting, and for each
 * household (or member in none) whose reminder falls due before the next look, schedules a
 * `reminder` job keyed `reminder:<event>:<occurrence>:<target>`: however many processes look,
 * one job exists, and it sends at most once.
 */
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Queryable } from '../store/store.ts';
import { audienceOf } from './event-audience.ts';
import { instantOf } from './event-state.ts';
import { JOB_KINDS } from './job-kinds.ts';
import { reminderTargets } from './recipients.ts';
import {
  occurrenceKey,
  REMINDER_SCAN_EVERY_MS,
  reminderDue,
  scanEachTroop,
  scheduledKeys,
  type ReminderWindow,
  type ScannedTroop,
} from './reminder-window.ts';
import { settingsOf } from './settings.ts';

export { REMINDER_SCAN_EVERY_MS };

export async function scheduleReminders(
  deps: Pick<ReadyDeps, 'store' | 'clock' | 'troops'>,
  lookaheadMs = 2 * REMINDER_SCAN_EVERY_MS,
): Promise<number> {
  // Each troop's reminders for its own households.
  return scanEachTroop(deps, 'SELECT id FROM troops ORDER BY id', (troop, window) =>
    scheduleTroopReminders(deps.store, troop, window, lookaheadMs),
  );
}

async function scheduleTroopReminders(
  store: Queryable,
  troop: ScannedTroop,
  { now, horizon, occurrences, councilEvents }: ReminderWindow,
  lookaheadMs: number,
): Promise<number> {
  const targets = await reminderTargets(store, troop.id);
  const settings = await settingsOf(store, [...new Set([...targets.values()].flat())]);
  const elsewhere = await lonePeopleRemindedElsewhere(store, troop, targets, councilEvents);
  let scheduled = 0;
  for (const o of occurrences) {
    const startMs = instantOf(troop.timeZone, o.date, o.allDay ? null : o.time);
    if (startMs <= now || startMs > horizon) continue;
    const { eventId, occurrence } = occurrenceKey(o);
    // Event ids are unique across troops, and household ids too: a key is one troop's, but for
    // a council's event a member in no household of two of its troops has one job for both.
    const prefix = `reminder:${eventId}:${occurrence}:`;
    const known = await scheduledKeys(
      store,
      [...targets.keys()].map((target) => prefix + target),
    );
    // A unit's own events are a council's when the unit is a council (it has none above it).
    const council = troop.councilId === null || councilEvents.has(eventId);
    for (const [target, adults] of targets) {
      if (known.has(prefix + target)) continue;
      if (council && elsewhere.has(target)) continue;
      const due = reminderDue(startMs, adults, settings);
      if (due === null || due > now + lookaheadMs) continue;
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
 * The members in no household (`user:<id>` targets) whom a council event reminds in another of
 * their troops: one key serves every troop of the council, so without this the troop looked at
 * first would take it. Each is reminded where their other council mail is told
 * (event-audience.ts): the first troop of the council they joined.
 */
async function lonePeopleRemindedElsewhere(
  store: Queryable,
  troop: ScannedTroop,
  targets: Map<string, string[]>,
  councilEvents: Set<string>,
): Promise<Set<string>> {
  const council = troop.councilId ?? troop.id;
  const lone = [...targets.keys()].filter((t) => t.startsWith('user:'));
  if (lone.length === 0 || (troop.councilId !== null && councilEvents.size === 0)) return new Set();
  const homes = await audienceOf(
    store,
    council,
    lone.map((t) => t.slice('user:'.length)),
  );
  return new Set(lone.filter((t) => homes.get(t.slice('user:'.length)) !== troop.id));
}
