import { useMemo, useState } from 'react';
import type { CalendarEvent } from './calendar-event.ts';
import { localDateKey } from './event-format.ts';
import { firstIndexOnOrAfter, insertionIndex } from './event-order.ts';
import {
  afterInsert,
  afterRemove,
  clampWindow,
  initialWindow,
  showEarlier,
  showLater,
  type ListWindow,
} from './list-window.ts';

/**
 * The slice of `events` on screen. Until the user moves it, it follows the data (upcoming
 * events first); afterwards it keeps what the user chose, clamped to the list.
 */
export function useListWindow(events: readonly CalendarEvent[]) {
  const [chosen, setChosen] = useState<ListWindow | null>(null);
  const firstUpcoming = useMemo(
    () => firstIndexOnOrAfter(events, localDateKey(new Date())),
    [events],
  );
  const win = chosen
    ? clampWindow(chosen, events.length)
    : initialWindow(events.length, firstUpcoming);
  const visible = useMemo(() => events.slice(win.start, win.end), [events, win.start, win.end]);

  return {
    visible,
    hiddenBefore: win.start,
    hiddenAfter: events.length - win.end,
    showEarlier: () => setChosen(showEarlier(win)),
    showLater: () => setChosen(showLater(win, events.length)),
    /** Call with the list as it was before `created` joined it. */
    revealCreated: (created: CalendarEvent) =>
      setChosen(
        afterInsert(
          win,
          insertionIndex(
            events.filter((e) => e.id !== created.id),
            created,
          ),
          events.length + 1,
        ),
      ),
    /** Call with the list as it was before `removed` left it. */
    forgetRemoved: (removed: CalendarEvent) => {
      const index = events.findIndex((e) => e.id === removed.id);
      if (index >= 0) setChosen(afterRemove(win, index));
    },
  };
}
