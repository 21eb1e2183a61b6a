/**
 * The occurrences of a series whose start or end falls in an hour the troop's clocks skip or
 * show twice (protocol/src/wall-clock.ts). Calendar apps read such a zoned time differently
 * (RFC 5545 takes the offset before the change, ical.js the one after), so the feed writes each
 * as a changed occurrence of its own with its times pinned (vevent.ts): every app then shows
 * what the occurrences read and the screen say.
 */
import { offsetChangesInYear } from '@scout/protocol/wall-clock';
import {
  dateMs,
  exdateList,
  isoDate,
  minutesOf,
  timingOf,
  type EventRecord,
} from './occurrences.ts';
import { givesDate } from './series-rule.ts';

const MINUTE = 60_000;
const DAY_MS = 86_400_000;

/** The dates (as the series gives them) of its occurrences that need pinning, in `years`. */
export function clockChangeDates(
  series: EventRecord,
  timeZone: string,
  years: Iterable<number>,
): string[] {
  const timing = timingOf(series);
  if (!series.rrule || !timing || timing.allDay) return [];
  const start = minutesOf(series.event_time);
  const end = minutesOf(series.end_time);
  const dates = new Set<string>();
  for (const year of years)
    for (const change of offsetChangesInYear(timeZone, year)) {
      // The wall-clock times from the change as the old offset writes it to the new one.
      const a = change.at + change.from * 1000;
      const b = change.at + change.to * 1000;
      const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
      for (let day = Math.floor(lo / DAY_MS) * DAY_MS; day < hi; day += DAY_MS) {
        const inside = (minutes: number | null) =>
          minutes !== null && day + minutes * MINUTE >= lo && day + minutes * MINUTE < hi;
        if (inside(start)) dates.add(isoDate(day));
        if (inside(end)) dates.add(isoDate(day - timing.spanDays * DAY_MS));
      }
    }
  const removed = new Set(exdateList(series.exdates));
  const first = dateMs(series.event_date);
  return [...dates]
    .filter((d) => dateMs(d) >= first && !removed.has(d) && givesDate(series, d))
    .sort();
}
