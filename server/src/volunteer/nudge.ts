/**
 * A leader's nudge for the empty slots of an event or occurrence (issue 35): one mail to each
 * adult member of the troop who holds no place on it (not a scout's own account, not the leader
 * who asks), naming the slots with places left and linking to the event's page. Each mail is a
 * durable `notice-mail` job (notices/mail-job.ts) of the reminders kind, as the RSVP nudge's
 * (rsvps/nudge.ts): it goes at least once whatever process runs it, and a member who turned
 * reminders off is not written to. At most one nudge per event and occurrence a day: the
 * conditional write to `volunteer_nudges` (migration 051) lets exactly one through.
 */
import type { WireVolunteerNudge } from '@scout/protocol/volunteer';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import {
  claimDailyNudge,
  enqueueNudgeMail,
  NUDGE_EVERY_MS,
  type NudgeKind,
} from '../notices/daily-nudge.ts';
import { describeWhen } from '../notices/messages.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import { isoInstant } from '../store/sql-values.ts';
import { adultMembers } from './adult-members.ts';
import { occurrenceTime } from './occurrence-time.ts';
import { placesIn, slotsOn } from './stored-slots.ts';

const VOLUNTEER_NUDGE: NudgeKind = {
  table: 'volunteer_nudges',
  tooSoon: 'VOLUNTEER_NUDGE_TOO_SOON',
  what: 'these slots',
  jobKey: 'volunteer-nudge',
};

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
    await claimDailyNudge(tx, VOLUNTEER_NUDGE, event, by, nowMs, timeZone);
    const holding = new Set(places.flatMap((p) => (p.userId ? [p.userId] : [])));
    const adults = (await adultMembers(tx, troopId))
      .map((a) => a.userId)
      .filter((u) => u !== by && !holding.has(u));
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
      await enqueueNudgeMail(tx, VOLUNTEER_NUDGE, event, nowMs, userId, { content });
    return {
      openSlots: open.length,
      placesLeft: open.reduce((n, s) => n + s.left, 0),
      adults: adults.length,
      nextAt: isoInstant(nowMs + NUDGE_EVERY_MS),
    };
  });
}
