/** The signed-in user's private calendar subscription address and the event files, via the SDK. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedUrls } from '@scout/sdk/calendar';
import { scout } from '../../lib/sdk.ts';
import type { CalendarEvent } from './calendar-event.ts';
import { saveFile } from '../../lib/save-file.ts';

/** The address is one member's secret: cached under their id, never shown to the next member. */
const feedUrlKey = (userId: string) => ['calendar-feed-url', userId] as const;

/** Asked for only once the subscribe dialog opens: the first ask issues the address. */
export function useCalendarFeedUrl(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: feedUrlKey(userId),
    queryFn: () => scout.calendar.getFeedUrl(),
    enabled,
    staleTime: Infinity,
  });
}

/** A new address; the old one stops working at once on the server. */
export function useResetCalendarFeedUrl(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => scout.calendar.resetFeedUrl(),
    onSuccess: (urls) => queryClient.setQueryData<CalendarFeedUrls>(feedUrlKey(userId), urls),
  });
}

/** "Add to calendar": the event's .ics file, fetched with the bearer token and saved. */
export function useAddToCalendar() {
  return useMutation({
    mutationFn: async (event: CalendarEvent) =>
      saveFile(await scout.calendar.downloadEventIcs(event.id)),
    onError: (err) => console.warn('Downloading a calendar file failed', err),
  });
}
