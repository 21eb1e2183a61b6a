/** Reads a post's event card (post-event.ts) under the member's own access. */
import { useQuery } from '@tanstack/react-query';
import { addDays } from '@scout/protocol/wall-clock';
import { localDateKey } from '../../lib/event-format.ts';
import { scout, troopTimeZone } from '../../lib/sdk.ts';
import { eventOfOccurrence, eventOfRow, type PostEvent } from './post-event.ts';

/** How far a moved occurrence may lie from the date its series gives it. */
const MOVED_DAYS = 62;

export function usePostEvent(userId: string, id: string, date?: string) {
  return useQuery({
    queryKey: ['newsletter-event', userId, id, date ?? ''],
    queryFn: async (): Promise<PostEvent | null> => {
      const today = localDateKey(new Date());
      if (date) {
        const window = await scout.calendar.listOccurrences(
          addDays(date, -MOVED_DAYS),
          addDays(date, MOVED_DAYS),
        );
        return eventOfOccurrence(window, id, date, today);
      }
      const row = await scout.db.table<Record<string, unknown>>('calendarEvents').get(id);
      return row ? eventOfRow(row, today, troopTimeZone) : null;
    },
  });
}
