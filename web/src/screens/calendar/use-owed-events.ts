/**
 * The list's "Needs an answer" filter through TanStack Query (owed-answers.ts): while it is on,
 * the months of answers its events need, read as the rows read them (one cache entry a month).
 */
import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { HouseholdAnswers } from '@scout/sdk/rsvps';
import { householdAnswersQuery } from '../../lib/use-household-answers.ts';
import type { CalendarEvent } from './calendar-event.ts';
import { owedEvents, owedMonths } from './owed-answers.ts';

/** The ids of the events owed an answer (empty while off), and whether a month is still read. */
export function useOwedEvents(
  userId: string,
  events: readonly CalendarEvent[],
  today: string,
  on: boolean,
): { owed: ReadonlySet<string>; reading: boolean } {
  const now = Date.now();
  const months = on ? owedMonths(events, today, now) : [];
  const reads = useQueries({ queries: months.map((m) => householdAnswersQuery(userId, m)) });
  const read = new Map<string, HouseholdAnswers>();
  reads.forEach((r, i) => {
    if (r.data) read.set(months[i] ?? '', r.data);
  });
  // The same set while the same events are owed, so the list filtered by it keeps its identity.
  const ids = owedEvents(events, read, today, now)
    .map((e) => e.id)
    .join('\n');
  const owed = useMemo(() => new Set(ids ? ids.split('\n') : []), [ids]);
  return { owed, reading: reads.some((r) => r.isPending) };
}
