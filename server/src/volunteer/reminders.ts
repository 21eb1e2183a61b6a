/**
 * Reminders to volunteers before their slot (issue 35; docs/decisions/070-volunteer-sheets.md).
 *
 * Every process looks ahead once a minute, as for event reminders (notices/reminder-scan.ts):
 * for each place taken on an occurrence starting within the longest reminder setting, whose
 * reminder falls due before the next look, it schedules one `volunteer-reminder` job keyed
 * `volunteer-reminder:<slot>:<occurrence>:<volunteer>`. However many processes look, one job
 * exists, and a worker leases it alone (jobs/queue.ts). The slot starts at its time window's
 * start on the occurrence's day, else when the occurrence starts.
 *
 * The job checks everything again when it runs: a place given back (or a slot or event removed
 * or cancelled) sends nothing, a later start or a member's new hours puts it off. It then mails
 * the volunteer (for a scout's place, the adults of the scout's household) through the notice
 * mail (notices/mail-job.ts) under the members' reminder setting, with its unsubscribe link and
 * the troop's name, and under a Message-ID made from the job: a run again after the mail server
 * took it sends the same id. Volunteers share the reminders setting of event reminders: one
 * switch and one "hours before" for everything a member is going to.
 */
import { formatClockTime } from '@scout/protocol/clock-time';
import { eventPath } from '@scout/protocol/app-paths';
import { EVERY_OCCURRENCE, VOLUNTEER_KIND_LABELS } from '@scout/protocol/volunteer';
import { unitsOf } from '../calendar/calendar-units.ts';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { instantOf } from '../notices/event-state.ts';
import { jobTroopId } from '../notices/job-troop.ts';
import { mailJob, type MailPayload } from '../notices/mail-job.ts';
import { describeWhen, type NoticeContent } from '../notices/messages.ts';
import {
  HOUR_MS,
  occurrenceKey,
  REMINDER_SCAN_EVERY_MS,
  reminderDue,
  scanEachTroop,
  scheduledKeys,
  type ReminderWindow,
  type ScannedTroop,
} from '../notices/reminder-window.ts';
import { settingsOf } from '../notices/settings.ts';
import { findEventOccurrence, type EventOccurrence } from '../rsvps/event-occurrence.ts';
import type { Queryable } from '../store/store.ts';
import { occurrenceTime, type OccurrenceTime } from './occurrence-time.ts';
import { findSlot, placesIn, slotsOfEvents, type Place, type Slot } from './stored-slots.ts';

export const VOLUNTEER_REMINDER_JOB = 'volunteer-reminder';
export const VOLUNTEER_REMINDER_SCAN_EVERY_MS = REMINDER_SCAN_EVERY_MS;

/** A reminder taken a little early (a worker's poll) goes out now rather than being put off. */
const EARLY_TOLERANCE_MS = 60_000;

export const volunteerReminderKey = (slotId: string, occurrence: string, volunteer: string) =>
  `volunteer-reminder:${slotId}:${occurrence}:${volunteer}`;

/** When a slot starts on an occurrence: its window's start that day, else the occurrence's start. */
export function slotStartMs(timeZone: string, slot: Slot, when: OccurrenceTime): number {
  return instantOf(timeZone, when.date, slot.timeFrom ?? when.time);
}

/** Who is reminded of a place: its adult, or the adults of its scout's household. */
async function recipientsOf(
  db: Queryable,
  troopId: string,
  places: readonly Pick<Place, 'userId' | 'scoutId'>[],
): Promise<Map<string, string[]>> {
  const scouts = [...new Set(places.flatMap((p) => (p.scoutId ? [p.scoutId] : [])))];
  const parents = new Map<string, string[]>();
  for (let i = 0; i < scouts.length; i += 500) {
    const chunk = scouts.slice(i, i + 500);
    const { rows } = await db.query<{ scout_id: string; user_id: string }>(
      `SELECT s.id AS scout_id, a.user_id FROM scouts s
       JOIN household_adults a ON a.household_id = s.household_id AND a.troop_id = s.troop_id
       WHERE s.troop_id = ? AND s.id IN (${chunk.map(() => '?').join(', ')}) ORDER BY a.user_id`,
      [troopId, ...chunk],
    );
    for (const r of rows) parents.set(r.scout_id, [...(parents.get(r.scout_id) ?? []), r.user_id]);
  }
  const out = new Map<string, string[]>();
  for (const p of places) {
    const key = p.scoutId ? `scout:${p.scoutId}` : `user:${p.userId}`;
    out.set(key, p.scoutId ? (parents.get(p.scoutId) ?? []) : p.userId ? [p.userId] : []);
  }
  return out;
}

export async function scheduleVolunteerReminders(
  deps: Pick<ReadyDeps, 'store' | 'clock' | 'troops'>,
  lookaheadMs = 2 * VOLUNTEER_REMINDER_SCAN_EVERY_MS,
): Promise<number> {
  // Only troops with a slot have anything to look at.
  return scanEachTroop(
    deps,
    'SELECT DISTINCT troop_id AS id FROM volunteer_slots ORDER BY troop_id',
    (troop, window) => scheduleTroop(deps.store, troop, window, lookaheadMs),
  );
}

async function scheduleTroop(
  store: Queryable,
  troop: ScannedTroop,
  { now, horizon, occurrences }: ReminderWindow,
  lookaheadMs: number,
): Promise<number> {
  const slots = await slotsOfEvents(store, troop.id, [
    ...new Set(occurrences.map((o) => o.seriesId ?? o.eventId)),
  ]);
  if (slots.length === 0) return 0;
  const places = await placesIn(
    store,
    troop.id,
    slots.map((s) => s.id),
    null,
  );
  const due: Array<{ key: string; slot: Slot; occurrence: string; place: Place; at: number }> = [];
  for (const o of occurrences) {
    const { eventId, occurrence } = occurrenceKey(o);
    const when = { date: o.date, time: o.allDay ? null : o.time };
    for (const slot of slots) {
      const fits =
        slot.eventId === eventId &&
        (slot.occurrence === occurrence ||
          (slot.occurrence === EVERY_OCCURRENCE && occurrence !== ''));
      if (!fits) continue;
      const start = slotStartMs(troop.timeZone, slot, when);
      if (!(start > now) || start > horizon) continue;
      for (const place of places)
        if (place.slotId === slot.id && place.occurrence === occurrence)
          due.push({
            key: volunteerReminderKey(slot.id, occurrence, place.volunteer),
            slot,
            occurrence,
            place,
            at: start,
          });
    }
  }
  if (due.length === 0) return 0;
  const known = await scheduledKeys(
    store,
    due.map((d) => d.key),
  );
  const waiting = due.filter((d) => !known.has(d.key));
  const recipients = await recipientsOf(
    store,
    troop.id,
    waiting.map((d) => d.place),
  );
  const settings = await settingsOf(store, [...new Set([...recipients.values()].flat())]);
  let scheduled = 0;
  for (const d of waiting) {
    const runAt = reminderDue(d.at, recipients.get(d.place.volunteer) ?? [], settings);
    if (runAt === null || runAt > now + lookaheadMs) continue;
    const created = await enqueueJob(store, now, {
      kind: VOLUNTEER_REMINDER_JOB,
      payload: { slotId: d.slot.id, occurrence: d.occurrence, volunteer: d.place.volunteer },
      dedupeKey: d.key,
      runAt: Math.max(runAt, now),
      troopId: troop.id,
    });
    if (created) scheduled++;
  }
  return scheduled;
}

/** What the reminder says: the slot, when it starts, and how to step back. */
export function volunteerReminder(
  slot: Slot,
  event: Pick<EventOccurrence, 'name'>,
  place: Pick<Place, 'name' | 'youth'>,
  when: OccurrenceTime,
): NoticeContent {
  const at = {
    date: when.date,
    time: slot.timeFrom ?? when.time,
    allDay: !(slot.timeFrom ?? when.time),
  };
  const until = slot.timeFrom && slot.timeTo ? ` to ${formatClockTime(slot.timeTo)}` : '';
  const who = place.youth ? place.name : 'You';
  return {
    subject: `Reminder: ${slot.title} at ${event.name}, ${describeWhen(at)}`
      .replace(/\s+/g, ' ')
      .slice(0, 200),
    lines: [
      `${who} signed up for "${slot.title}" (${VOLUNTEER_KIND_LABELS[slot.kind]}) at ${event.name}.`,
      `When: ${describeWhen(at)}${until}`,
      ...(slot.kind === 'driver' && slot.seats !== null ? [`Seats: ${slot.seats}`] : []),
      ...(slot.note ? [`Note: ${slot.note}`] : []),
      'If you cannot make it, give the place back in the app so someone else can take it.',
    ],
  };
}

export function volunteerJobHandlers(deps: ReadyDeps): Record<string, JobHandler> {
  const { store, clock } = deps;
  const send = mailJob(deps);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    async [VOLUNTEER_REMINDER_JOB](job) {
      const troop = await deps.troops.byId(jobTroopId(job));
      if (!troop) return;
      const slotId = str(job.payload.slotId);
      const occurrence = str(job.payload.occurrence);
      const volunteer = str(job.payload.volunteer);
      const slot = await findSlot(store, troop.id, slotId);
      if (!slot) return;
      // A place given back before the reminder goes gets none.
      const place = (await placesIn(store, troop.id, [slotId], occurrence)).find(
        (p) => p.volunteer === volunteer,
      );
      if (!place) return;
      const units = unitsOf(troop);
      const event = await findEventOccurrence(
        store,
        units,
        slot.eventId,
        occurrence || undefined,
      ).catch(() => null);
      if (!event || event.cancelled) return;
      const when = await occurrenceTime(store, units, event);
      const start = slotStartMs(troop.timeZone, slot, when);
      const now = clock.now();
      if (!(start > now)) return;
      const people = (await recipientsOf(store, troop.id, [place])).get(volunteer) ?? [];
      const settings = await settingsOf(store, people);
      const wanting = [...settings].filter(([, s]) => s.reminders);
      if (wanting.length === 0) return;
      const dueAt = start - Math.max(...wanting.map(([, s]) => s.reminderHours)) * HOUR_MS;
      if (dueAt > now + EARLY_TOLERANCE_MS) return { postponeUntil: dueAt };
      const content = volunteerReminder(slot, event, place, when);
      // Sent from this job, not queued as mail jobs of its own: the place was checked just now.
      for (const [userId] of wanting) {
        const payload: MailPayload = {
          userId,
          kind: 'reminders',
          content,
          path: eventPath(slot.eventId, occurrence || undefined),
        };
        await send({ ...job, payload: payload as unknown as Record<string, unknown> });
      }
    },
  };
}
