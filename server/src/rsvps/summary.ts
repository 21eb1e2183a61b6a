/**
 * What an event shows about its answers (docs/protocol.md, RSVPs): counts, names, the waitlist
 * and the caller's own people. Names only, never a scout's details; a note is read by the
 * person's household and by leaders only.
 */
import {
  RSVP_ANSWERS,
  type RsvpAnswer,
  type RsvpCounts,
  type WireRsvp,
  type WireRsvpSummary,
} from '@scout/protocol/rsvps';
import type { Attendee } from '../households/answerable.ts';
import type { Queryable } from '../store/store.ts';
import { memberName } from './attendees.ts';
import type { EventOccurrence } from './event-occurrence.ts';
import { readBoolean } from '../store/sql-values.ts';
import { householdPeople, noAnswerHouseholds } from './non-responders.ts';

interface AnswerRow {
  id: string;
  attendee: string;
  youth: unknown;
  answer: string;
  note: string | null;
  waitlisted: unknown;
  queued_at: string;
  answered_at: string;
  display_name: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** An answer with its note, before anyone's view of it is decided. */
export type StoredRsvp = WireRsvp;

const ORDER: Record<string, number> = Object.fromEntries(RSVP_ANSWERS.map((a, i) => [a, i]));

/** Every answer of the occurrence: Going first (the waitlist after them, in line), then by name. */
export async function readAnswers(db: Queryable, event: EventOccurrence): Promise<StoredRsvp[]> {
  const { rows } = await db.query<AnswerRow>(
    `SELECT r.id, r.attendee, r.youth, r.answer, r.note, r.waitlisted, r.queued_at, r.answered_at,
       u.display_name, u.email, s.first_name, s.last_name
     FROM rsvps r
     LEFT JOIN users u ON u.id = r.user_id
     LEFT JOIN scouts s ON s.id = r.scout_id AND s.troop_id = r.troop_id
     WHERE r.troop_id = ? AND r.event_id = ? AND r.occurrence = ?`,
    [event.troopId, event.eventId, event.occurrence],
  );
  const line = rows
    .filter((r) => readBoolean(r.waitlisted))
    .sort((a, b) => a.queued_at.localeCompare(b.queued_at) || a.id.localeCompare(b.id))
    .map((r) => r.id);
  const answers = rows.map((r) => {
    const waitlisted = readBoolean(r.waitlisted);
    return {
      attendee: r.attendee,
      name:
        r.first_name !== null
          ? `${r.first_name} ${r.last_name ?? ''}`.trim()
          : memberName(r.display_name, r.email ?? ''),
      youth: readBoolean(r.youth),
      answer: r.answer as RsvpAnswer,
      note: r.note,
      waitlisted,
      waitlistPosition: waitlisted ? line.indexOf(r.id) + 1 : null,
      answeredAt: r.answered_at,
    };
  });
  return answers.sort(
    (a, b) =>
      (ORDER[a.answer] ?? 9) - (ORDER[b.answer] ?? 9) ||
      (a.waitlistPosition ?? 0) - (b.waitlistPosition ?? 0) ||
      a.name.localeCompare(b.name),
  );
}

/** The counts; `noAnswer` is how many people of households have not answered (non-responders.ts). */
export function countAnswers(answers: readonly StoredRsvp[], noAnswer: number): RsvpCounts {
  const going = answers.filter((a) => a.answer === 'going' && !a.waitlisted);
  return {
    youthGoing: going.filter((a) => a.youth).length,
    adultsGoing: going.filter((a) => !a.youth).length,
    maybe: answers.filter((a) => a.answer === 'maybe').length,
    notGoing: answers.filter((a) => a.answer === 'not_going').length,
    noAnswer,
    waitlisted: answers.filter((a) => a.waitlisted).length,
  };
}

export async function summaryFor(
  db: Queryable,
  event: EventOccurrence,
  viewer: { mine: readonly Attendee[]; manager: boolean; nowMs: number },
): Promise<WireRsvpSummary> {
  const stored = await readAnswers(db, event);
  const missing = noAnswerHouseholds(
    await householdPeople(db, event.troopId),
    new Set(stored.map((a) => a.attendee)),
  );
  const counts = countAnswers(
    stored,
    missing.reduce((n, h) => n + h.people.length, 0),
  );
  const own = new Set(viewer.mine.map((p) => p.attendee));
  const answers = stored.map((a) => ({
    ...a,
    note: viewer.manager || own.has(a.attendee) ? a.note : null,
  }));
  const byKey = new Map(answers.map((a) => [a.attendee, a]));
  const going = counts.youthGoing + counts.adultsGoing;
  return {
    eventId: event.eventId,
    occurrence: event.occurrence,
    deadline: event.deadline,
    closed: event.deadline !== null && viewer.nowMs >= Date.parse(event.deadline),
    capacity: event.capacity,
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - going),
    counts,
    answers,
    mine: viewer.mine.map((p) => {
      const a = byKey.get(p.attendee);
      return {
        attendee: p.attendee,
        name: p.name,
        youth: p.youth,
        answer: a?.answer ?? null,
        note: a?.note ?? null,
        waitlisted: a?.waitlisted ?? false,
        waitlistPosition: a?.waitlistPosition ?? null,
      };
    }),
    canManage: viewer.manager,
    noAnswer: viewer.manager ? missing : null,
  };
}
