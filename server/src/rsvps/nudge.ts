/**
 * One nudge to the households that have not answered an event or occurrence (issue: leaders
 * chase the rest). Each adult of such a household gets one mail naming who has not answered,
 * linking to the event's page, as a durable `notice-mail` job (notices/handlers.ts) of the
 * reminders kind: it goes at least once whatever process runs it, and a member who turned
 * reminders off is not written to. At most one nudge per event and occurrence a day: the
 * conditional write to `rsvp_nudges` (migration 036) lets exactly one through.
 */
import { eventPath } from '@scout/protocol/app-paths';
import type { ReadyDeps } from '../deps.ts';
import { ApiError, retryAfter } from '../errors.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Troop } from '../store/tenancy.ts';
import { JOB_KINDS } from '../notices/job-kinds.ts';
import { describeDay } from '../notices/messages.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import { troopTime } from './csv.ts';
import { assertOpenForAnswers, type EventOccurrence } from './event-occurrence.ts';
import { householdPeople, nameOf, noAnswerHouseholds } from './non-responders.ts';
import { readAnswers } from './summary.ts';

export const NUDGE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface NudgeResult {
  households: number;
  adults: number;
  /** When the next nudge for this event may go (ISO 8601, UTC). */
  nextAt: string;
}

/** Claims today's nudge, or refuses with RSVP_NUDGE_TOO_SOON and when it may go again. */
async function claimNudge(
  db: Queryable,
  event: EventOccurrence,
  by: string | null,
  nowMs: number,
  timeZone: string,
): Promise<void> {
  const claimed = await db.query(
    `INSERT INTO rsvp_nudges (troop_id, event_id, occurrence, sent_at, sent_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (troop_id, event_id, occurrence) DO UPDATE
       SET sent_at = excluded.sent_at, sent_by = excluded.sent_by
       WHERE rsvp_nudges.sent_at <= ?`,
    [
      event.troopId,
      event.eventId,
      event.occurrence,
      isoInstant(nowMs),
      by,
      isoInstant(nowMs - NUDGE_EVERY_MS),
    ],
  );
  if (claimed.rowCount > 0) return;
  const { rows } = await db.query<{ sent_at: string }>(
    'SELECT sent_at FROM rsvp_nudges WHERE troop_id = ? AND event_id = ? AND occurrence = ?',
    [event.troopId, event.eventId, event.occurrence],
  );
  const next = Date.parse(rows[0]?.sent_at ?? isoInstant(nowMs)) + NUDGE_EVERY_MS;
  throw new ApiError(
    'RSVP_NUDGE_TOO_SOON',
    `A nudge for this event went out less than a day ago. The next may go after ${troopTime(isoInstant(next), timeZone)}.`,
    { headers: retryAfter((next - nowMs) / 1000), details: isoInstant(next) },
  );
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
    await claimNudge(tx, event, by, nowMs, troop.timeZone);
    const people = await householdPeople(tx, troop.id);
    const answered = new Set((await readAnswers(tx, event)).map((a) => a.attendee));
    const waiting = noAnswerHouseholds(people, answered);
    let adults = 0;
    for (const household of waiting) {
      const names = household.people.map((p) => p.name).join(', ');
      for (const adult of people) {
        if (adult.household_id !== household.householdId || Number(adult.youth) === 1) continue;
        adults++;
        await enqueueJob(tx, nowMs, {
          kind: JOB_KINDS.mail,
          dedupeKey: `rsvp-nudge:${event.eventId}:${event.occurrence}:${isoInstant(nowMs)}:${adult.attendee}`,
          troopId: troop.id,
          payload: {
            userId: adult.attendee.slice('user:'.length),
            kind: 'reminders',
            content: {
              subject: `Please answer: who is coming to ${event.name}?`,
              lines: [
                `Hello ${nameOf(adult)},`,
                `The leaders are asking who is coming to ${event.name}${event.occurrence ? ` on ${describeDay(event.occurrence)}` : ''}.`,
                `No answer yet for: ${names}.`,
              ],
            },
            path: eventPath(event.eventId, event.occurrence || undefined),
            answerFor: { eventId: event.eventId, occurrence: event.occurrence },
          },
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
