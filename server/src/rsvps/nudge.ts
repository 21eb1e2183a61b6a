/**
 * One nudge to the households that have not answered an event or occurrence (issue: leaders
 * chase the rest). Each adult of such a household gets one mail naming who has not answered,
 * linking to the event's page, as a durable `notice-mail` job (notices/handlers.ts) of the
 * reminders kind: it goes at least once whatever process runs it, and a member who turned
 * reminders off is not written to. At most one nudge per event and occurrence a day: the
 * conditional write to `rsvp_nudges` (migration 036) lets exactly one through.
 */
import type { ReadyDeps } from '../deps.ts';
import type { Troop } from '../store/tenancy.ts';
import {
  claimDailyNudge,
  enqueueNudgeMail,
  NUDGE_EVERY_MS,
  type NudgeKind,
} from '../notices/daily-nudge.ts';
import { describeDay } from '../notices/messages.ts';
import { isoInstant } from '../store/sql-values.ts';
import { assertOpenForAnswers, type EventOccurrence } from './event-occurrence.ts';
import { householdPeople, nameOf, noAnswerHouseholds } from './non-responders.ts';
import { readAnswers } from './summary.ts';

const RSVP_NUDGE: NudgeKind = {
  table: 'rsvp_nudges',
  tooSoon: 'RSVP_NUDGE_TOO_SOON',
  what: 'this event',
  jobKey: 'rsvp-nudge',
};

export interface NudgeResult {
  households: number;
  adults: number;
  /** When the next nudge for this event may go (ISO 8601, UTC). */
  nextAt: string;
}

export async function sendNudge(
  deps: ReadyDeps,
  troop: Pick<Troop, 'id' | 'timeZone'>,
  event: EventOccurrence,
  by: string | null,
): Promise<NudgeResult> {
  // Nobody is asked to answer for a cancelled event (409).
  assertOpenForAnswers(event);
  const nowMs = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    await claimDailyNudge(tx, RSVP_NUDGE, event, by, nowMs, troop.timeZone);
    const people = await householdPeople(tx, troop.id);
    const answered = new Set((await readAnswers(tx, event)).map((a) => a.attendee));
    const waiting = noAnswerHouseholds(people, answered);
    let adults = 0;
    for (const household of waiting) {
      const names = household.people.map((p) => p.name).join(', ');
      for (const adult of people) {
        if (adult.household_id !== household.householdId || Number(adult.youth) === 1) continue;
        adults++;
        await enqueueNudgeMail(tx, RSVP_NUDGE, event, nowMs, adult.attendee.slice('user:'.length), {
          content: {
            subject: `Please answer: who is coming to ${event.name}?`,
            lines: [
              `Hello ${nameOf(adult)},`,
              `The leaders are asking who is coming to ${event.name}${event.occurrence ? ` on ${describeDay(event.occurrence)}` : ''}.`,
              `No answer yet for: ${names}.`,
            ],
          },
          answerFor: { eventId: event.eventId, occurrence: event.occurrence },
        });
      }
    }
    return {
      households: waiting.length,
      adults,
      nextAt: isoInstant(nowMs + NUDGE_EVERY_MS),
    };
  });
}
