/**
 * The troop calendar's data, through the SDK and TanStack Query. The whole list comes in pages
 * of ROWS_PER_REQUEST by date and time (the cursor continues), sorted once per answer. Writes
 * update the cached list in place; a failed write reloads it from the server (docs/product.md
 * section 4), since the cache may no longer match what the server holds. Other members' changes
 * arrive through use-calendar-live.ts, and a window coming back into focus reloads too, for when
 * the live channel could not be reached.
 */
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { scout } from '../../lib/sdk.ts';
import {
  buildCalendarEvent,
  CALENDAR_EVENT_FIELDS,
  CALENDAR_EVENTS_TABLE,
  eventFromRow,
  randomIdSuffix,
  type CalendarEvent,
  type NewEventInput,
} from './calendar-event.ts';
import { createWithFreshId } from './create-with-fresh-id.ts';
import { insertSorted, sortEvents } from './event-order.ts';

/** Per signed-in user, so nothing cached for one member is ever shown to the next in this tab. */
export const calendarEventsKey = (userId: string) => ['calendar-events', userId] as const;

/**
 * Events per request. Each request then costs the same however many events the troop has
 * (the server reads them from an index after the cursor); see README, Performance.
 */
const ROWS_PER_REQUEST = 1_000;

const eventsTable = () => scout.db.table<Record<string, unknown>>(CALENDAR_EVENTS_TABLE);

async function fetchCalendarEvents(): Promise<CalendarEvent[]> {
  let events: CalendarEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await eventsTable().listPage({
      select: CALENDAR_EVENT_FIELDS,
      orderBy: [{ eventDate: 'asc' }, { eventTime: 'asc' }],
      limit: ROWS_PER_REQUEST,
      cursor,
    });
    events = events.concat(page.rows.map(eventFromRow));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return events;
}

/** Every event, date ascending then time; sorted again only when a new answer arrives. */
export function useCalendarEvents(userId: string) {
  const query = useQuery({
    queryKey: calendarEventsKey(userId),
    queryFn: fetchCalendarEvents,
    refetchOnWindowFocus: true,
  });
  const events = useMemo(() => (query.data ? sortEvents(query.data) : []), [query.data]);
  return {
    events,
    isLoading: query.isPending,
    isError: query.isError && !query.data,
    reload: () => void query.refetch(),
  };
}

const randomBytes = (bytes: Uint8Array) => crypto.getRandomValues(bytes);

function createCalendarEvent(input: NewEventInput, user: WireUser): Promise<CalendarEvent> {
  return createWithFreshId(
    () => buildCalendarEvent(input, user, Date.now(), randomIdSuffix(randomBytes)),
    async (event) => eventFromRow(await eventsTable().create({ ...event })),
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
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<CalendarEvent[]>(queryKey, (old) => change(old ?? []));
}

export function useCreateCalendarEvent(user: WireUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewEventInput) => createCalendarEvent(input, user),
    onSuccess: (created) =>
      applyWrite(queryClient, user.id, (events) => insertSorted(events, created)),
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
