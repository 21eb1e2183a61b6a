/**
 * The answer links a notice mail carries for its recipient (docs/decisions/063-answers-from-mail.md):
 * one per person they answer for (themself and their household's scouts, as the RSVP rules say)
 * and per answer, each a signed token (mail-answer-token.ts) that expires when the event or
 * occurrence ends. A cancelled, removed or finished event gets none.
 */
import { RSVP_ANSWERS, RSVP_ANSWER_LABELS, type RsvpAnswer } from '@scout/protocol/rsvps';
import { unitsOf } from '../calendar/calendar-units.ts';
import type { EventRecord } from '../calendar/occurrences.ts';
import type { ReadyDeps } from '../deps.ts';
import { answerableAttendees } from '../households/answerable.ts';
import { currentOccurrence, instantOf, type EventState } from '../notices/event-state.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { mailAnswerToken, type MailAnswerKey } from './mail-answer-token.ts';

/** The event or occurrence a mail's answers go to. */
export interface AnswerTarget {
  eventId: string;
  /** The series' date of the occurrence; '' for a single event. */
  occurrence: string;
}

export interface PersonAnswerLinks {
  name: string;
  links: Array<{ answer: RsvpAnswer; label: string; url: string }>;
}

/**
 * What a notice about `row` asks answers for: a single event, or the one meeting a changed
 * occurrence's row holds. A whole series has none: its mail names no one meeting.
 */
export function answerTarget(
  row: Pick<EventRecord, 'id' | 'series_id' | 'recurrence_date' | 'rrule'>,
): AnswerTarget | undefined {
  if (row.series_id && row.recurrence_date)
    return { eventId: row.series_id, occurrence: row.recurrence_date };
  return row.rrule ? undefined : { eventId: row.id, occurrence: '' };
}

const DAY_MS = 86_400_000;

/**
 * When answers stop making sense: the event's end as the troop's clocks read it; the end of its
 * last day when it has no end time or is a whole day.
 */
export function answerExpiry(timeZone: string, s: EventState): number {
  const lastDay = s.endDate ?? s.date;
  const endOfDay = instantOf(timeZone, lastDay, null) + DAY_MS;
  if (s.allDay || !s.time || !s.endTime) return endOfDay;
  const end = instantOf(timeZone, lastDay, s.endTime);
  // An end before the start (a meeting's end time on its series' row) reads as that day's end.
  return end > instantOf(timeZone, s.date, s.time) ? end : endOfDay;
}

/** The address of the small page behind a link (mail-answer-routes.ts). */
export const mailAnswerPath = (projectId: string, token: string): string =>
  `/api/calendar/${encodeURIComponent(projectId)}/mail-answer?token=${token}`;

/**
 * The links for `userId`'s mail about `target` of the troop, at the troop's address (a link on
 * another troop's address finds no event); none when the event takes no answers any more.
 */
export async function mailAnswerLinks(
  deps: Pick<ReadyDeps, 'config' | 'clock'> & { store: Queryable },
  key: MailAnswerKey,
  troop: Pick<Troop, 'id' | 'projectId' | 'timeZone' | 'councilId'>,
  userId: string,
  target: AnswerTarget,
): Promise<PersonAnswerLinks[]> {
  const { config } = deps;
  // A council's event is answered in each of its troops, on the troop's address.
  const units = unitsOf(troop);
  const state = await currentOccurrence(deps.store, units, target.eventId, target.occurrence);
  if (!state || state.status === 'cancelled') return [];
  const expiresMs = answerExpiry(troop.timeZone, state);
  if (expiresMs <= deps.clock.now()) return [];
  const people = await answerableAttendees(deps.store, troop.id, userId);
  return people.map((person) => ({
    name: person.name,
    links: RSVP_ANSWERS.map((answer) => ({
      answer,
      label: RSVP_ANSWER_LABELS[answer],
      url: `${config.publicUrl}${mailAnswerPath(
        troop.projectId,
        mailAnswerToken(key, { userId, attendee: person.attendee, ...target, answer, expiresMs }),
      )}`,
    })),
  }));
}
