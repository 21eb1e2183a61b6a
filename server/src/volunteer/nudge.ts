/**
 * A leader's nudge for the empty slots of an event or occurrence (issue 35): one mail to each
 * adult member of the troop who holds no place on it (not a scout's own account, not the leader
 * who asks), naming the slots with places left and linking to the event's page. Each mail is a
 * durable `notice-mail` job (notices/mail-job.ts) of the reminders kind, as the RSVP nudge's
 * (rsvps/nudge.ts): it goes at least once whatever process runs it, and a member who turned
 * reminders off is not written to. At most one nudge per event and occurrence a day: the
 * conditional write to `volunteer_nudges` (migration 051) lets exactly one through.
 */
import { eventPath } from '@scout/protocol/app-paths';
import type { WireVolunteerNudge } from '@scout/protocol/volunteer';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError, retryAfter } from '../errors.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { JOB_KINDS } from '../notices/job-kinds.ts';
import { describeWhen } from '../notices/messages.ts';
import { troopTime } from '../rsvps/csv.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import { occurrenceTime } from './occurrence-time.ts';
import { placesIn, slotsOn } from './stored-slots.ts';

export const VOLUNTEER_NUDGE_EVERY_MS = 24 * 60 * 60 * 1000;

/** Claims today's nudge, or refuses with VOLUNTEER_NUDGE_TOO_SOON and when it may go again. */
async function claimNudge(
  db: Queryable,
  event: EventOccurrence,
  by: string | null,
  nowMs: number,
  timeZone: string,
): Promise<void> {
  const claimed = await db.query(
    `INSERT INTO volunteer_nudges (troop_id, event_id, occurrence, sent_at, sent_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (troop_id, event_id, occurrence) DO UPDATE
       SET sent_at = excluded.sent_at, sent_by = excluded.sent_by
       WHERE volunteer_nudges.sent_at <= ?`,
    [
      event.troopId,
      event.eventId,
      event.occurrence,
      isoInstant(nowMs),
      by,
      isoInstant(nowMs - VOLUNTEER_NUDGE_EVERY_MS),
    ],
  );
  if (claimed.rowCount > 0) return;
  const { rows } = await db.query<{ sent_at: string }>(
    'SELECT sent_at FROM volunteer_nudges WHERE troop_id = ? AND event_id = ? AND occurrence = ?',
    [event.troopId, event.eventId, event.occurrence],
  );
  const next = Date.parse(rows[0]?.sent_at ?? isoInstant(nowMs)) + VOLUNTEER_NUDGE_EVERY_MS;
  throw new ApiError(
    'VOLUNTEER_NUDGE_TOO_SOON',
    `A nudge for these slots went out less than a day ago. The next may go after ${troopTime(isoInstant(next), timeZone)}.`,
    { headers: retryAfter((next - nowMs) / 1000), details: isoInstant(next) },
  );
}

/** The troop's active adult members: every account but a scout's own. */
async function adultMembers(db: Queryable, troopId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT m.user_id FROM memberships m WHERE m.troop_id = ? AND m.status = 'active'
       AND m.user_id NOT IN (SELECT user_id FROM scouts WHERE troop_id = ? AND user_id IS NOT NULL)
     ORDER BY m.user_id`,
    [troopId, troopId],
  );
  return rows.map((r) => r.user_id);
}

export async function sendVolunteerNudge(
  deps: Pick<ReadyDeps, 'store' | 'clock'>,
  units: CalendarUnits,
  timeZone: string,
  event: EventOccurrence,
  by: string | null,
): Promise<WireVolunteerNudge> {
  if (event.cancelled) throw new ApiError('CONFLICT', 'This event is cancelled');
  const nowMs = deps.clock.now();
  const troopId = event.troopId;
  return deps.store.transaction(async (tx) => {
    const slots = await slotsOn(tx, troopId, event.eventId, event.occurrence);
    const places = await placesIn(
      tx,
      troopId,
      slots.map((s) => s.id),
      event.occurrence,
    );
    const open = slots
      .map((slot) => ({
        slot,
        left: slot.people - places.filter((p) => p.slotId === slot.id).length,
      }))
      .filter((s) => s.left > 0);
    // Nothing to ask for: the day's nudge is kept for when a place opens.
    if (open.length === 0)
      throw new ApiError('CONFLICT', 'Every slot has its people: there is nothing to nudge for');
    await claimNudge(tx, event, by, nowMs, timeZone);
    const holding = new Set(places.flatMap((p) => (p.userId ? [p.userId] : [])));
    const adults = (await adultMembers(tx, troopId)).filter((u) => u !== by && !holding.has(u));
    const when = describeWhen({ ...(await occurrenceTime(tx, units, event)), allDay: false });
    const content = {
      subject: `Volunteers wanted: ${event.name}, ${when}`.replace(/\s+/g, ' ').slice(0, 200),
      lines: [
        `The leaders are looking for volunteers for ${event.name} on ${when}.`,
        ...open.map(
          ({ slot, left }) => `${slot.title}: ${left} ${left === 1 ? 'place' : 'places'} left`,
        ),
        'Take a place in the app.',
      ],
    };
    for (const userId of adults)
      await enqueueJob(tx, nowMs, {
        kind: JOB_KINDS.mail,
        dedupeKey: `volunteer-nudge:${event.eventId}:${event.occurrence}:${isoInstant(nowMs)}:${userId}`,
        troopId,
        payload: {
          userId,
          kind: 'reminders',
          content,
          path: eventPath(event.eventId, event.occurrence || undefined),
        },
      });
    return {
      openSlots: open.length,
      placesLeft: open.reduce((n, s) => n + s.left, 0),
      adults: adults.length,
      nextAt: isoInstant(nowMs + VOLUNTEER_NUDGE_EVERY_MS),
    };
  });
}
