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
import { formatEventDate, formatEventTime } from '../../lib/event-format.ts';
import { daysWithin } from './month-grid.ts';
import { occurrenceMovedFrom } from './moved-from.ts';

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
  /** The date the series gave a meeting moved to another day; null when not moved. */
  movedFrom: string | null;
  /** The whole entry in words, category, state and move included. */
  text: string;
}

const categoryOf = (c: string | null): EventCategory | null =>
  (EVENT_CATEGORIES as readonly string[]).includes(c ?? '') ? (c as EventCategory) : null;

export function dayEntry(o: CalendarOccurrence): DayEntry {
  const when = o.allDay || !o.time ? 'All day' : formatEventTime(o.time);
  const category = categoryOf(o.category);
  const cancelled = o.status === 'cancelled';
  const movedFrom = occurrenceMovedFrom(o);
  const text = [
    `${when}: ${o.name}`,
    category ? ` (${EVENT_CATEGORY_LABELS[category]})` : '',
    cancelled ? ', cancelled' : '',
    movedFrom ? `, moved from ${formatEventDate(movedFrom)}` : '',
  ].join('');
  return { when, name: o.name, category, cancelled, movedFrom, text };
}

/** Names a cell shows at most; a fuller day shows one fewer and '+N more'. */
export const CELL_NAMES = 3;
/** Markers a phone's cell shows at most. */
export const CELL_MARKS = 3;

/** One event as a day's cell shows it. */
export interface CellEvent {
  key: string;
  name: string;
  cancelled: boolean;
}

/** What a day's cell shows of its events: names on wide screens, markers on phones. */
export interface DayCell {
  /** The names, in the day's order, up to CELL_NAMES. */
  names: CellEvent[];
  /** Events not named: '+N more'. */
  more: number;
  /** One marker per event, up to CELL_MARKS: a cancelled one is never an ordinary dot. */
  marks: CellEvent[];
  /** The day's events in words, for the day's button: '3 events, 1 cancelled'. */
  count: string;
}

const keyOf = (o: CalendarOccurrence) => `${o.eventId}-${o.occurrenceDate ?? o.date}`;

export function dayCell(occurrences: readonly CalendarOccurrence[]): DayCell {
  const events = occurrences.map((o) => ({
    key: keyOf(o),
    name: o.name,
    cancelled: o.status === 'cancelled',
  }));
  const n = events.length;
  const named = n <= CELL_NAMES ? n : CELL_NAMES - 1;
  const cancelled = events.filter((e) => e.cancelled).length;
  const total = n === 0 ? 'no events' : n === 1 ? '1 event' : `${n} events`;
  const state = cancelled === 0 ? '' : n === 1 ? ', cancelled' : `, ${cancelled} cancelled`;
  return {
    names: events.slice(0, named),
    more: n - named,
    marks: events.slice(0, CELL_MARKS),
    count: `${total}${state}`,
  };
}
