import { useMemo, useState } from 'react';
import type { CalendarEvent } from './calendar-event.ts';
import { localDateKey } from '../../lib/event-format.ts';
import { firstIndexOnOrAfter, insertionIndex, insertSorted } from './event-order.ts';
import {
  afterInsert,
  afterInsertPast,
  afterRemove,
  clampWindow,
  followWindow,
  initialWindow,
  revealIndex,
  showEarlier,
  showLater,
  type ListWindow,
} from './list-window.ts';

/** A window the user moved, over the list it was chosen on. */
interface Chosen {
  win: ListWindow;
  basis: readonly CalendarEvent[];
}

/**
 * The slice of `events` on screen. Until the user moves it, it follows the data (upcoming
 * events first); afterwards it keeps the rows the user chose, also when the list changes under
 * it (another member's event arriving live).
 */
export function useListWindow(events: readonly CalendarEvent[]) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const firstUpcoming = useMemo(
    () => firstIndexOnOrAfter(events, localDateKey(new Date())),
    [events],
  );
  const followed = !chosen
    ? null
    : chosen.basis === events
      ? clampWindow(chosen.win, events.length)
      : followWindow(chosen.win, chosen.basis, events);
  const win = followed ?? initialWindow(events.length, firstUpcoming);
  const visible = useMemo(() => events.slice(win.start, win.end), [events, win.start, win.end]);
  const choose = (next: ListWindow, basis: readonly CalendarEvent[] = events) =>
    setChosen({ win: next, basis });

  return {
    visible,
    /** Today, YYYY-MM-DD: events before it are past. */
    today: localDateKey(new Date()),
    hiddenBefore: win.start,
    hiddenAfter: events.length - win.end,
    showEarlier: () => choose(showEarlier(win)),
    showLater: () => choose(showLater(win, events.length)),
    /**
     * Call with the list as it was before `created` joined it. Answers whether the event is on
     * screen: a past one stays with the other past events (behind Show earlier events).
     */
    revealCreated: (created: CalendarEvent): boolean => {
      const withCreated = insertSorted(events, created);
      const index = insertionIndex(
        events.filter((e) => e.id !== created.id),
        created,
      );
      const past = created.eventDate < localDateKey(new Date());
      const next = (past ? afterInsertPast : afterInsert)(win, index, withCreated.length);
      choose(next, withCreated);
      return index >= next.start && index < next.end;
    },
    /** Brings an event of the list on screen (its address was opened). */
    reveal: (event: CalendarEvent) => {
      const index = events.findIndex((e) => e.id === event.id);
      if (index >= 0) choose(revealIndex(win, index, events.length));
    },
    /** Call with the list as it was before `removed` left it. */
    forgetRemoved: (removed: CalendarEvent) => {
      const index = events.findIndex((e) => e.id === removed.id);
      if (index >= 0)
        choose(
          afterRemove(win, index),
          events.filter((e) => e.id !== removed.id),
        );
    },
  };
}
