/**
 * The calendar list's "Needs an answer" filter: the events the household still owes an answer
 * (lib/household-answers.ts, awaitsAnswer). Only events still taking answers can be owed, so
 * only their months of answers are read.
 */
import type { HouseholdAnswers } from '@scout/sdk/rsvps';
import { answersMonth, awaitsAnswer, takesAnswers } from '../../lib/household-answers.ts';
import type { CalendarEvent } from './calendar-event.ts';
import { rsvpTargetOf } from './rsvp/rsvp-target.ts';

/** What decides whether the event takes answers, as its row sees it (past: before `today`). */
export const answerWindowOf = (event: CalendarEvent, today: string) => ({
  cancelled: event.status === 'cancelled',
  rsvpDeadline: event.rsvpDeadline,
  past: event.eventDate < today,
});

/** The months (YYYY-MM) of answers to read: those of the events that still take answers. */
export function owedMonths(events: readonly CalendarEvent[], today: string, now: number): string[] {
  const months = new Set<string>();
  for (const e of events) {
    if (takesAnswers(answerWindowOf(e, today), now)) {
      months.add(answersMonth(rsvpTargetOf(e), e.eventDate));
    }
  }
  return [...months].sort();
}

/** The events the household owes an answer, by the months read so far (an unread month owes none). */
export function owedEvents(
  events: readonly CalendarEvent[],
  answers: ReadonlyMap<string, HouseholdAnswers>,
  today: string,
  now: number,
): CalendarEvent[] {
  return events.filter((e) => {
    const target = rsvpTargetOf(e);
    const data = answers.get(answersMonth(target, e.eventDate));
    return awaitsAnswer(data, target, answerWindowOf(e, today), now);
  });
}
