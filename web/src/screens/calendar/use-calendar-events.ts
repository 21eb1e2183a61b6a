/**
 * The troop calendar's data, through the SDK and TanStack Query. The whole list comes in pages
 * of ROWS_PER_REQUEST by date and time (the cursor continues), sorted once per answer. Writes
 * update the cached list in place; a failed write reloads it from the server (docs/product.md
 * section 4), since the cache may no longer match what the server holds. Other members' changes
 * arrive through use-calendar-live.ts, and a window coming back into focus reloads too, for when
 * the live channel could not be reached.
 */
import { useMemo, useState } from 'react';
import {
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { scout, troopTimeZone } from '../../lib/sdk.ts';
import { calendarList, eventFromRow } from '@scout/protocol/calendar-list';
import {
  buildCalendarEvent,
  CALENDAR_EVENT_FIELDS,
  CALENDAR_EVENTS_TABLE,
  randomIdSuffix,
  type CalendarEvent,
  type NewEventInput,
} from './calendar-event.ts';
import { councilNames, markCouncilEvents } from './council-events.ts';
import { createWithFreshId } from './create-with-fresh-id.ts';
import { insertSorted, sortEvents } from './event-order.ts';
import { logAppEvent } from '../../lib/screen-pageviews.ts';
import { localDateKey } from '../../lib/event-format.ts';
import { earliestSeriesStart, joinWindows, seriesWindow, windowBefore } from './occurrence-list.ts';

/** Per signed-in user, so nothing cached for one member is ever shown to the next in this tab. */
export const calendarEventsKey = (userId: string) => ['calendar-events', userId] as const;

/**
 * Events per request. Each request then costs the same however many events the troop has
 * (the server reads them from an index after the cursor); see README, Performance.
 */
const ROWS_PER_REQUEST = 1_000;

const eventsTable = () => scout.db.table<Record<string, unknown>>(CALENDAR_EVENTS_TABLE);

/** The list as read: its events, and what is needed to read series further back. */
interface CalendarListData {
  events: CalendarEvent[];
  /** The first day of the series window read. */
  from: string;
  /** The first day any series starts; null when there is none. */
  earliestSeries: string | null;
}

/**
 * Single events from the Data API, and every series as its occurrences in seriesWindow, merged
 * as protocol/src/calendar-list.ts merges them.
 */
async function fetchCalendarEvents(): Promise<CalendarListData> {
  const { from, to } = seriesWindow(localDateKey(new Date()));
  const [rows, occurrences] = await Promise.all([
    fetchEventRows(),
    scout.calendar.listOccurrences(from, to),
  ]);
  return {
    events: markCouncilEvents(
      calendarList(rows, occurrences, troopTimeZone),
      councilNames(occurrences),
    ),
    from,
    earliestSeries: earliestSeriesStart(rows),
  };
}

/** The occurrences of series in an earlier window (single events are all read already). */
async function fetchEarlierOccurrences(from: string, to: string): Promise<CalendarEvent[]> {
  const occurrences = await scout.calendar.listOccurrences(from, to);
  return markCouncilEvents(calendarList([], occurrences, troopTimeZone), councilNames(occurrences));
}

async function fetchEventRows(): Promise<Record<string, unknown>[]> {
  let rows: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await eventsTable().listPage({
      select: [...CALENDAR_EVENT_FIELDS, 'seriesId'],
      orderBy: [{ eventDate: 'asc' }, { eventTime: 'asc' }],
      limit: ROWS_PER_REQUEST,
      cursor,
    });
    rows = rows.concat(page.rows);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return rows;
}

function combineWindows(results: readonly UseQueryResult<CalendarEvent[]>[]) {
  return {
    lists: results.flatMap((r) => (r.data ? [r.data] : [])),
    loading: results.some((r) => r.isPending),
  };
}

/**
 * Every event, date ascending then time; sorted again only when a new answer arrives. Series
 * occurrences older than the first window are read a window at a time with `loadEarlier`
 * (docs/decisions/042-series-in-the-calendar-list.md); each window is cached under the list's
 * key, so live updates and changes read it again too.
 */
export function useCalendarEvents(userId: string) {
  const query = useQuery({
    queryKey: calendarEventsKey(userId),
    queryFn: fetchCalendarEvents,
    refetchOnWindowFocus: true,
  });
  const [windowsBack, setWindowsBack] = useState(0);
  const windows = useMemo(() => {
    const out: { from: string; to: string }[] = [];
    let from = query.data?.from;
    for (let i = 0; from && i < windowsBack; i++) {
      const w = windowBefore(from);
      out.push(w);
      from = w.from;
    }
    return out;
  }, [query.data?.from, windowsBack]);
  // Combined once per change of any window's answer (a function that stays the same, so
  // TanStack Query runs it only then), and the list is sorted again only then.
  const earlier = useQueries({
    queries: windows.map((w) => ({
      queryKey: [...calendarEventsKey(userId), 'earlier', w.from] as const,
      queryFn: () => fetchEarlierOccurrences(w.from, w.to),
    })),
    combine: combineWindows,
  });
  const loadingEarlier = earlier.loading;
  const events = useMemo(
    () => (query.data ? sortEvents(joinWindows([query.data.events, ...earlier.lists])) : []),
    [query.data, earlier.lists],
  );
  const readFrom = windows.at(-1)?.from ?? query.data?.from ?? '';
  const earliest = query.data?.earliestSeries ?? null;
  return {
    events,
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    reload: () => void query.refetch(),
    /** Series may have occurrences before those read. */
    canLoadEarlier: earliest !== null && earliest < readFrom && !loadingEarlier,
    loadingEarlier,
    loadEarlier: () => setWindowsBack((n) => n + 1),
  };
}

const randomBytes = (bytes: Uint8Array) => crypto.getRandomValues(bytes);

function createCalendarEvent(input: NewEventInput, user: WireUser): Promise<CalendarEvent> {
  return createWithFreshId(
    () => buildCalendarEvent(input, user, Date.now(), randomIdSuffix(randomBytes)),
    async (event) => eventFromRow(await eventsTable().create({ ...event }), troopTimeZone),
  );
}

function reloadEvents(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: calendarEventsKey(userId) });
}

/**
 * Shows a write in the cached list. A reload already on its way may have read the list before
 * the write: its answer would drop the change just made, so it is called off (the write's own
 * announcement brings the next reload). While the first load is still out there is no list to
 * change yet: that load is asked again, so it includes the write.
 */
async function applyWrite(
  queryClient: QueryClient,
  userId: string,
  change: (events: CalendarEvent[]) => CalendarEvent[],
) {
  const queryKey = calendarEventsKey(userId);
  if (queryClient.getQueryData(queryKey) === undefined) {
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<CalendarListData>(
    queryKey,
    (old) => old && { ...old, events: change(old.events) },
  );
  // The month view (use-month-occurrences.ts) reads its months again.
  void queryClient.invalidateQueries({ queryKey: [...queryKey, 'month'] });
}

export function useCreateCalendarEvent(user: WireUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEventInput) => createCalendarEvent(input, user),
    onSuccess: (created) => {
      logAppEvent('event_created', { has_link: Boolean(created.hyperlink) });
      // A series shows as its occurrences, which the server expands.
      if (created.rrule)
        return queryClient.invalidateQueries({ queryKey: calendarEventsKey(user.id) });
      return applyWrite(queryClient, user.id, (events) => insertSorted(events, created));
    },
    onError: (err) => {
      console.warn('Creating a calendar event failed', err);
      reloadEvents(queryClient, user.id);
    },
  });
}

export function useDeleteCalendarEvent(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (event: CalendarEvent) => {
      await eventsTable().delete(event.id);
      return event;
    },
    onSuccess: (deleted) =>
      applyWrite(queryClient, userId, (events) => events.filter((e) => e.id !== deleted.id)),
    onError: (err) => {
      console.warn('Deleting a calendar event failed', err);
      reloadEvents(queryClient, userId);
    },
  });
}

/** What an edit or a cancellation changes, in the event's own fields. */
export type EventChanges = Partial<Omit<CalendarEvent, 'id' | 'userId' | 'createdAt'>>;

export function useUpdateCalendarEvent(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: EventChanges }) =>
      eventFromRow(await eventsTable().update(id, { ...changes }), troopTimeZone),
    onSuccess: (updated) =>
      applyWrite(queryClient, userId, (events) =>
        insertSorted(
          events.filter((e) => e.id !== updated.id),
          updated,
        ),
      ),
    onError: (err) => {
      console.warn('Changing a calendar event failed', err);
      reloadEvents(queryClient, userId);
    },
  });
}
