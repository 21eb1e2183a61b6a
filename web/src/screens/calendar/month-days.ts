/**
 * What the month view shows of a month's occurrences: each day's events in the chosen category
 * (the same filter as the list), and how the chosen day names each one, its category in words
 * beside its colour (docs/decisions/042-series-in-the-calendar-list.md, Month view).
 */
import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  type EventCategory,
} from '@scout/protocol/calendar-events';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { formatEventTime } from '../../lib/event-format.ts';
import { daysWithin } from './month-grid.ts';

/** The occurrences in [from, to] by day, an event over several days on each; '' for every category. */
export function occurrencesByDay(
  occurrences: readonly CalendarOccurrence[],
  from: string,
  to: string,
  category: string,
): Map<string, CalendarOccurrence[]> {
  const byDay = new Map<string, CalendarOccurrence[]>();
  for (const o of occurrences) {
    if (category !== '' && o.category !== category) continue;
    for (const day of daysWithin(o.date, o.endDate || o.date, from, to))
      byDay.set(day, [...(byDay.get(day) ?? []), o]);
  }
  return byDay;
}

export interface DayEntry {
  /** 'All day' or a time as the list writes it ('7:00 PM'). */
  when: string;
  name: string;
  category: EventCategory | null;
  cancelled: boolean;
  /** The whole entry in words, category and state included. */
  text: string;
}

const categoryOf = (c: string | null): EventCategory | null =>
  (EVENT_CATEGORIES as readonly string[]).includes(c ?? '') ? (c as EventCategory) : null;

export function dayEntry(o: CalendarOccurrence): DayEntry {
  const when = o.allDay || !o.time ? 'All day' : formatEventTime(o.time);
  const category = categoryOf(o.category);
  const cancelled = o.status === 'cancelled';
  const text = [
    `${when}: ${o.name}`,
    category ? ` (${EVENT_CATEGORY_LABELS[category]})` : '',
    cancelled ? ', cancelled' : '',
  ].join('');
  return { when, name: o.name, category, cancelled, text };
}
