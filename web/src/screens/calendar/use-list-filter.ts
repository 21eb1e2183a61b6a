/**
 * What the calendar list shows: every event, one category's, or only those the household still
 * owes an answer ("Needs an answer", use-owed-events.ts), or both at once.
 */
import { useCallback, useMemo, useState } from 'react';
import { localDateKey } from '../../lib/event-format.ts';
import type { CalendarEvent } from './calendar-event.ts';
import { useOwedEvents } from './use-owed-events.ts';

export function useListFilter(userId: string, events: readonly CalendarEvent[]) {
  // '' shows every category.
  const [category, setCategory] = useState('');
  const [owedOnly, setOwedOnly] = useState(false);
  const { owed, reading } = useOwedEvents(userId, events, localDateKey(new Date()), owedOnly);
  const shown = useMemo(
    () =>
      events.filter(
        (e) => (category === '' || e.category === category) && (!owedOnly || owed.has(e.id)),
      ),
    [events, category, owedOnly, owed],
  );
  /**
   * Lifts each filter that hides `event` (one just created, or the event of the address), so
   * it is shown where it is. Answers whether any did.
   */
  const showEvent = useCallback(
    (event: Pick<CalendarEvent, 'id' | 'category'>): boolean => {
      const offCategory = category !== '' && event.category !== category;
      const notOwed = owedOnly && !owed.has(event.id);
      if (offCategory) setCategory('');
      if (notOwed) setOwedOnly(false);
      return offCategory || notOwed;
    },
    [category, owedOnly, owed],
  );
  const empty = !owedOnly
    ? 'No events in this category.'
    : reading
      ? 'Reading your answers...'
      : category === ''
        ? 'Every event has your answers.'
        : 'Every event in this category has your answers.';
  return { category, setCategory, owedOnly, setOwedOnly, shown, showEvent, empty };
}
