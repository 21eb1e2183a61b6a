/** The next few troop events, for the dashboard's Calendar card: from now on, by date then time. */
import { useQuery } from '@tanstack/react-query';
import { addDays } from '@scout/protocol/wall-clock';
import { localDateKey } from '../../lib/event-format.ts';
import { scout, troopTimeZone } from '../../lib/sdk.ts';
import { seriesEventsOf, singleEventsOf, upcomingOf, type UpcomingEvent } from './upcoming.ts';

/** Rows per page of single events; rows of series, cancelled events and earlier today are skipped. */
const ROWS_PER_PAGE = 20;
/**
 * How far ahead the card looks for occurrences of series: a weekly or monthly meeting always
 * has one within it. Single events are read however far ahead they lie.
 */
const SERIES_DAYS_AHEAD = 92;

async function nextSingleEvents(now: Date, count: number): Promise<UpcomingEvent[]> {
  let found: UpcomingEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await scout.db.table<Record<string, unknown>>('calendarEvents').listPage({
      select: [
        'id',
        'eventName',
        'eventDate',
        'eventTime',
        'allDay',
        'status',
        'rrule',
        'seriesId',
      ],
      where: { eventDate: { gte: localDateKey(now) } },
      orderBy: [{ eventDate: 'asc' }, { eventTime: 'asc' }],
      limit: ROWS_PER_PAGE,
      cursor,
    });
    found = upcomingOf(found.concat(singleEventsOf(page.rows, troopTimeZone)), now, count);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && found.length < count);
  return found;
}

async function nextSeriesEvents(now: Date): Promise<UpcomingEvent[]> {
  const from = localDateKey(now);
  const to = addDays(from, SERIES_DAYS_AHEAD);
  return seriesEventsOf(await scout.calendar.listOccurrences(from, to));
}

export function useUpcomingEvents(userId: string, count: number) {
  const query = useQuery({
    queryKey: ['upcoming-events', userId, count],
    queryFn: async () => {
      const now = new Date();
      const [singles, series] = await Promise.all([
        nextSingleEvents(now, count),
        nextSeriesEvents(now),
      ]);
      return upcomingOf(singles.concat(series), now, count);
    },
  });
  return { events: query.data ?? [], isLoading: query.isPending, isError: query.isError };
}
