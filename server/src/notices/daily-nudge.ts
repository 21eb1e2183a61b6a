/**
 * What a leader's nudge shares whatever it asks for (rsvps/nudge.ts: answers; volunteer/nudge.ts:
 * empty slots): at most one a day per event and occurrence, claimed by one conditional write to
 * the capability's own table (`rsvp_nudges`, `volunteer_nudges`) so that of two leaders asking
 * at once exactly one goes through; and each mail a durable `notice-mail` job of the reminders
 * kind (notices/mail-job.ts), so it goes at least once and a member who turned reminders off is
 * not written to.
 */
import { eventPath } from '@scout/protocol/app-paths';
import { ApiError, retryAfter } from '../errors.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { troopTime } from '../rsvps/csv.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import { JOB_KINDS } from './job-kinds.ts';
import type { MailPayload } from './mail-job.ts';

export const NUDGE_EVERY_MS = 24 * 60 * 60 * 1000;

/** Which nudge: its table of claims, its refusal, and what its refusal names. */
export interface NudgeKind {
  table: 'rsvp_nudges' | 'volunteer_nudges';
  tooSoon: 'RSVP_NUDGE_TOO_SOON' | 'VOLUNTEER_NUDGE_TOO_SOON';
  /** "this event", "these slots". */
  what: string;
  /** The jobs' dedupe key prefix: "rsvp-nudge", "volunteer-nudge". */
  jobKey: string;
}

type NudgedEvent = Pick<EventOccurrence, 'troopId' | 'eventId' | 'occurrence'>;

/** Claims today's nudge, or refuses with the kind's code and when it may go again. */
export async function claimDailyNudge(
  db: Queryable,
  kind: NudgeKind,
  event: NudgedEvent,
  by: string | null,
  nowMs: number,
  timeZone: string,
): Promise<void> {
  const claimed = await db.query(
    `INSERT INTO ${kind.table} (troop_id, event_id, occurrence, sent_at, sent_by) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (troop_id, event_id, occurrence) DO UPDATE
       SET sent_at = excluded.sent_at, sent_by = excluded.sent_by
       WHERE ${kind.table}.sent_at <= ?`,
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
    `SELECT sent_at FROM ${kind.table} WHERE troop_id = ? AND event_id = ? AND occurrence = ?`,
    [event.troopId, event.eventId, event.occurrence],
  );
  const next = Date.parse(rows[0]?.sent_at ?? isoInstant(nowMs)) + NUDGE_EVERY_MS;
  throw new ApiError(
    kind.tooSoon,
    `A nudge for ${kind.what} went out less than a day ago. The next may go after ${troopTime(isoInstant(next), timeZone)}.`,
    { headers: retryAfter((next - nowMs) / 1000), details: isoInstant(next) },
  );
}

/** Queues one nudge mail to `userId`, linking to the event's page. */
export async function enqueueNudgeMail(
  db: Queryable,
  kind: NudgeKind,
  event: NudgedEvent,
  nowMs: number,
  userId: string,
  mail: Pick<MailPayload, 'content' | 'answerFor'>,
): Promise<void> {
  await enqueueJob(db, nowMs, {
    kind: JOB_KINDS.mail,
    dedupeKey: `${kind.jobKey}:${event.eventId}:${event.occurrence}:${isoInstant(nowMs)}:${userId}`,
    troopId: event.troopId,
    payload: {
      userId,
      kind: 'reminders',
      content: mail.content,
      path: eventPath(event.eventId, event.occurrence || undefined),
      ...(mail.answerFor ? { answerFor: mail.answerFor } : {}),
    },
  });
}
