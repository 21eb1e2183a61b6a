/**
 * Storing one answer and moving the waitlist up (docs/decisions/051-rsvps.md). Runs inside the
 * caller's transaction, after the event's row is locked (event-occurrence.ts), so two answers
 * for the last place are decided one after the other: exactly one gets it, the other waits.
 */
import crypto from 'node:crypto';
import type { RsvpAnswer } from '@scout/protocol/rsvps';
import { ApiError } from '../errors.ts';
import { answerableAttendees, type Attendee } from '../households/answerable.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import type { Queryable } from '../store/store.ts';
import { personOf } from './attendees.ts';
import {
  assertOpenForAnswers,
  findEventOccurrence,
  type EventOccurrence,
} from './event-occurrence.ts';
import { readBoolean, storedBoolean } from '../store/sql-values.ts';
import { isoInstant } from '../store/sql-values.ts';

export interface AnswerRequest {
  eventId: string;
  occurrence: string | undefined;
  attendee: string;
  answer: RsvpAnswer;
  note: string | null;
}

export interface AnswerContext {
  caller: SignedInCaller;
  /** Holds rsvps.manage: anyone's answer, after the deadline too. */
  manager: boolean;
  nowMs: number;
}

interface StoredAnswer {
  answer: string;
  waitlisted: boolean | number;
  queued_at: string;
}

async function confirmedGoing(db: Queryable, event: EventOccurrence): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND answer = 'going' AND waitlisted = ?",
    [event.troopId, event.eventId, event.occurrence, storedBoolean(db, false)],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * A place in the queue after every earlier one: the clock's time, or a millisecond after the
 * latest already queued when the clock has not moved on, so `queued_at` orders the line alone.
 */
async function nextQueuedAt(db: Queryable, event: EventOccurrence, nowMs: number) {
  const { rows } = await db.query<{ latest: string | null }>(
    'SELECT MAX(queued_at) AS latest FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ?',
    [event.troopId, event.eventId, event.occurrence],
  );
  const latest = rows[0]?.latest ? Date.parse(rows[0].latest) : NaN;
  return isoInstant(Number.isNaN(latest) ? nowMs : Math.max(nowMs, latest + 1));
}

/** Moves waiting answers up, first queued first, while places are free. */
export async function promoteWaitlist(db: Queryable, event: EventOccurrence): Promise<void> {
  const waiting = [event.troopId, event.eventId, event.occurrence, storedBoolean(db, true)];
  if (event.capacity === null) {
    await db.query(
      'UPDATE rsvps SET waitlisted = ? WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND waitlisted = ?',
      [storedBoolean(db, false), ...waiting],
    );
    return;
  }
  const free = event.capacity - (await confirmedGoing(db, event));
  if (free <= 0) return;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND waitlisted = ?
     ORDER BY queued_at, id LIMIT ${Math.floor(free)}`,
    waiting,
  );
  for (const { id } of rows)
    await db.query('UPDATE rsvps SET waitlisted = ? WHERE troop_id = ? AND id = ?', [
      storedBoolean(db, false),
      event.troopId,
      id,
    ]);
}

/**
 * The person the caller answers for. A member names only themself (`user:<own id>` also when
 * their answers are kept under their scout profile) or a scout of their household, and learns
 * nothing about anyone else: every other key is a 403, whether it exists or not.
 */
async function personAnswered(
  db: Queryable,
  ctx: AnswerContext,
  key: string,
  event: EventOccurrence,
): Promise<Attendee> {
  if (ctx.manager) return personOf(db, event.troopId, key);
  const mine =
    ctx.caller.kind === 'user'
      ? await answerableAttendees(db, event.troopId, ctx.caller.userId)
      : [];
  const self = ctx.caller.kind === 'user' && key === `user:${ctx.caller.userId}`;
  const person = self ? mine[0] : mine.find((p) => p.attendee === key);
  if (!person)
    throw new ApiError(
      'FORBIDDEN',
      'You can answer for yourself and the scouts of your household only',
    );
  if (event.deadline && ctx.nowMs >= Date.parse(event.deadline)) throw new ApiError('RSVP_CLOSED');
  return person;
}

/** Stores the answer in the troop; the event and occurrence it went to come back for the announcement. */
export async function saveAnswer(
  db: Queryable,
  /** The answering troop, or the troop with its council, whose events it answers too. */
  units: string | CalendarUnits,
  req: AnswerRequest,
  ctx: AnswerContext,
): Promise<EventOccurrence> {
  const troopId = typeof units === 'string' ? units : units.troopId;
  const event = await findEventOccurrence(db, units, req.eventId, req.occurrence, true);
  const person = await personAnswered(db, ctx, req.attendee, event);
  assertOpenForAnswers(event);
  const key = [event.eventId, event.occurrence, person.attendee];
  const { rows } = await db.query<StoredAnswer>(
    'SELECT answer, waitlisted, queued_at FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND attendee = ?',
    [troopId, ...key],
  );
  const before = rows[0];
  const nowIso = isoInstant(ctx.nowMs);
  let waitlisted = false;
  let queuedAt = before?.queued_at ?? nowIso;
  if (req.answer === 'going' && before?.answer === 'going') {
    // Answering Going again (a new note) keeps the place held or the place in line.
    waitlisted = readBoolean(before.waitlisted);
  } else if (req.answer === 'going') {
    queuedAt = await nextQueuedAt(db, event, ctx.nowMs);
    waitlisted = event.capacity !== null && (await confirmedGoing(db, event)) >= event.capacity;
  }
  const answeredBy = ctx.caller.kind === 'user' ? ctx.caller.userId : null;
  await db.query(
    `INSERT INTO rsvps (id, event_id, occurrence, attendee, user_id, scout_id, household_id, youth,
       answer, note, waitlisted, queued_at, answered_by, answered_at, troop_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (troop_id, event_id, occurrence, attendee) DO UPDATE SET
       answer = excluded.answer, note = excluded.note, waitlisted = excluded.waitlisted,
       queued_at = excluded.queued_at, household_id = excluded.household_id,
       youth = excluded.youth, answered_by = excluded.answered_by, answered_at = excluded.answered_at`,
    [
      crypto.randomUUID(),
      ...key,
      person.scoutId ? null : person.userId,
      person.scoutId,
      person.householdId,
      storedBoolean(db, person.youth),
      req.answer,
      req.note,
      storedBoolean(db, waitlisted),
      queuedAt,
      answeredBy,
      nowIso,
      troopId,
    ],
  );
  await promoteWaitlist(db, event);
  return event;
}

/**
 * Moves the line up after the event's capacity grew or was removed (an event edit does not
 * touch answers): run by a read that finds free places and people waiting, under the same lock
 * as answers. Returns the event when someone moved.
 */
export async function settleWaitlist(
  db: Queryable,
  units: CalendarUnits,
  eventId: string,
  occurrence: string | undefined,
): Promise<EventOccurrence> {
  const event = await findEventOccurrence(db, units, eventId, occurrence, true);
  await promoteWaitlist(db, event);
  return event;
}
