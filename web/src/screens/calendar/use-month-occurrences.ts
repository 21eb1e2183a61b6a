/**
 * The month view's data: every occurrence of one month through the occurrences route, single
 * events and series alike. Cached under the list's key, so live updates and occurrence changes,
 * which invalidate that key, read the month again too.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { scout } from '../../lib/sdk.ts';
import { occurrencesByDay } from './month-days.ts';
import { monthBounds } from './month-grid.ts';
import { calendarEventsKey } from './use-calendar-events.ts';

/** The occurrences of the month holding `date` in `category` ('' for every one), by day. */
export function useMonthOccurrences(userId: string, date: string, category: string) {
  const { from, to } = monthBounds(date);
  const query = useQuery({
    queryKey: [...calendarEventsKey(userId), 'month', from] as const,
    queryFn: () => scout.calendar.listOccurrences(from, to),
  });
  const byDay = useMemo(
    () => occurrencesByDay(query.data ?? NONE, from, to, category),
    [query.data, from, to, category],
  );
  return { byDay, isLoading: query.isPending, isError: query.isError };
}

const NONE: CalendarOccurrence[] = [];
