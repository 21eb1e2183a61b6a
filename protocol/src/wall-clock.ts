/**
 * Wall-clock dates and times in the troop's zone, and the instants they stand for, read as
 * RFC 5545 (3.3.5) and calendar apps read them: a time the clocks skip (02:30 on the day they go
 * forward in New York) takes the offset in force before the change, so it falls as late as the
 * skip is long (03:30 EDT); a time the clocks show twice (01:30 on the day they go back) is the
 * first of the two (EDT). Shared by the server (occurrences, feed, notices) and the web (the
 * list's single events), so each says the same time (docs/decisions/041-repeat-rules-and-occurrence-routes.md).
 *
 * Pure: the zone data is the runtime's own (Intl). Offsets are in seconds east of UTC; times
 * are "floating" ms, a UTC `Date` whose fields are the wall-clock date and time.
 */

const SECOND = 1000;
const MINUTE = 60_000;
const DAY = 86_400_000;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, f);
  }
  return f;
}

/** The zone's UTC offset in seconds at an instant ("GMT-04:00", "GMT+05:30", "GMT"). */
export function utcOffsetAt(timeZone: string, ms: number): number {
  const name = offsetFormatter(timeZone)
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = /^GMT(?:([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?)?$/.exec(name ?? '');
  if (!m) throw new Error(`Cannot read the UTC offset of ${timeZone}`);
  if (!m[1]) return 0;
  const seconds = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return m[1] === '-' ? -seconds : seconds;
}

export interface OffsetChange {
  /** The instant of the change, in ms since the epoch. */
  at: number;
  /** UTC offsets in seconds before and after the change. */
  from: number;
  to: number;
}

/** Midnight UTC on 1 January of `year`; Date.UTC would read years 0-99 as 1900-1999. */
export function startOfUtcYear(year: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, 0, 1);
  return d.getTime();
}

const changeCache = new Map<string, OffsetChange[]>();
const CHANGE_CACHE_MAX = 4096;

/**
 * The offset changes whose instant falls in (1 Jan `year`, 1 Jan `year`+1] UTC, found by
 * sampling the offset once a day and narrowing each change down to the second. Zone rules do not
 * change while the process runs, so each (zone, year) is computed once.
 */
export function offsetChangesInYear(timeZone: string, year: number): OffsetChange[] {
  const key = `${timeZone}|${year}`;
  const cached = changeCache.get(key);
  if (cached) return cached;
  const end = startOfUtcYear(year + 1);
  const changes: OffsetChange[] = [];
  let t = startOfUtcYear(year);
  let offset = utcOffsetAt(timeZone, t);
  while (t < end) {
    const next = Math.min(t + DAY, end);
    const nextOffset = utcOffsetAt(timeZone, next);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > SECOND) {
        const mid = lo + Math.floor((hi - lo) / 2 / SECOND) * SECOND;
        if (utcOffsetAt(timeZone, mid) === offset) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, from: offset, to: utcOffsetAt(timeZone, hi) });
      // Resume just after the change: a second change on the same day must not be missed.
      t = hi;
      offset = utcOffsetAt(timeZone, hi);
      continue;
    }
    t = next;
  }
  if (changeCache.size >= CHANGE_CACHE_MAX) changeCache.clear();
  changeCache.set(key, changes);
  return changes;
}

/** How a wall-clock time exists on its day. */
export type WallClockKind = 'exists' | 'skipped' | 'repeated';

export interface WallClockReading {
  kind: WallClockKind;
  /** The instant it stands for (RFC 5545: a skipped time with the offset before, a repeated one the first). */
  instant: number;
}

/**
 * The change whose skipped or repeated hour holds the floating time, if any. Reads only the
 * cached changes of three years, so most times cost no Intl call at all.
 */
function changeAround(timeZone: string, floating: number): OffsetChange | undefined {
  const year = new Date(floating).getUTCFullYear();
  for (const y of [year - 1, year, year + 1]) {
    for (const c of offsetChangesInYear(timeZone, y)) {
      // Wall-clock times from the change as the old offset writes it to the change as the new one does.
      const a = c.at + c.from * SECOND;
      const b = c.at + c.to * SECOND;
      if (floating >= Math.min(a, b) && floating < Math.max(a, b)) return c;
    }
  }
  return undefined;
}

/** Reads a floating wall-clock time in `timeZone`. */
export function readWallClock(timeZone: string, floating: number): WallClockReading {
  const change = changeAround(timeZone, floating);
  if (change) {
    // Skipped: the offset before the change. Repeated: the first, also under the offset before.
    return {
      kind: change.to > change.from ? 'skipped' : 'repeated',
      instant: floating - change.from * SECOND,
    };
  }
  const guess = floating - utcOffsetAt(timeZone, floating) * SECOND;
  return { kind: 'exists', instant: floating - utcOffsetAt(timeZone, guess) * SECOND };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `YYYY-MM-DD` and `HH:mm` as floating ms; NaN when either cannot be read. */
export function floatingOf(date: string, time: string): number {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return Number.NaN;
  const day = new Date(0);
  day.setUTCFullYear(Number(d[1]), Number(d[2]) - 1, Number(d[3]));
  return day.getTime() + (Number(t[1]) * 60 + Number(t[2])) * MINUTE;
}

/**
 * The UTC calendar day (YYYY-MM-DD) of `ms`: of an instant, or of a floating time's wall-clock
 * date. The one such helper; server and web import it rather than slicing ISO text again.
 */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * A YYYY-MM-DD day `days` later (earlier when negative), counted on the calendar: on UTC days,
 * so no zone or daylight-saving change moves it. The one day arithmetic of server and web.
 */
export const addDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDay(Date.UTC(y, m - 1, d) + days * DAY);
};

/** The day it is at `ms` on the zone's clock, YYYY-MM-DD. */
export const todayIn = (timeZone: string, ms: number): string =>
  isoDay(ms + utcOffsetAt(timeZone, ms) * SECOND);
const timeOf = (floating: number) => new Date(floating).toISOString().slice(11, 16);

/** An event's start and end in wall-clock dates and times; null times for a whole day. */
export interface WallSpan {
  date: string;
  time: string | null;
  endDate: string;
  endTime: string | null;
}

/**
 * A start and end (floating; the end NaN when there is none) as the troop's clocks show them. A
 * start the clocks skip moves forward by the skip, and the end with it, so the event keeps its
 * length (02:30-03:15 on the day clocks go forward is 03:30-04:15); an end the clocks skip alone
 * moves forward by the skip. Repeated times stay (the first is meant).
 */
export function shownTimes(
  timeZone: string,
  start: number,
  end: number,
): { start: number; end: number } {
  const startShift = shiftOf(timeZone, start);
  const endShift = Number.isNaN(end) ? 0 : startShift || shiftOf(timeZone, end);
  return { start: start + startShift, end: end + endShift };
}

/** The span as the troop's clocks show it (shownTimes); whole days are returned as they are. */
export function shownSpan<T extends WallSpan>(timeZone: string, span: T): T {
  if (span.time === null) return span;
  const start = floatingOf(span.date, span.time);
  if (Number.isNaN(start)) return span;
  const end = span.endTime === null ? Number.NaN : floatingOf(span.endDate, span.endTime);
  const shown = shownTimes(timeZone, start, end);
  if (shown.start === start && (Number.isNaN(end) || shown.end === end)) return span;
  return {
    ...span,
    date: isoDay(shown.start),
    time: timeOf(shown.start),
    ...(Number.isNaN(end) ? {} : { endDate: isoDay(shown.end), endTime: timeOf(shown.end) }),
  };
}

/** How far the clocks move a skipped floating time forward (the skip); 0 when it exists. */
function shiftOf(timeZone: string, floating: number): number {
  const change = changeAround(timeZone, floating);
  return change && change.to > change.from ? (change.to - change.from) * SECOND : 0;
}

/** Whether the troop's clocks skip a floating time, show it twice, or show it once. */
export function wallClockKind(timeZone: string, floating: number): WallClockKind {
  const change = changeAround(timeZone, floating);
  if (!change) return 'exists';
  return change.to > change.from ? 'skipped' : 'repeated';
}
