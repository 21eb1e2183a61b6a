/**
 * A VTIMEZONE component for an IANA zone, built from the runtime's own time-zone data (Intl), so
 * no zone table ships with the server. RFC 5545 requires one for every TZID a document uses.
 *
 * Each offset change in the years the events fall in becomes one STANDARD or DAYLIGHT observance
 * with a single DTSTART (no RRULE, no RDATE): always right, even in zones whose rules changed
 * over the years, and understood by every calendar app. Each run of years starts with an anchor
 * observance on 1 January so a time before the year's first change still has an offset.
 */
import { contentLine, escapeText, formatLocalDateTime, formatUtcOffset } from './ics.ts';

export interface OffsetChange {
  /** The instant of the change, in ms since the epoch. */
  at: number;
  /** UTC offsets in seconds before and after the change. */
  from: number;
  to: number;
}

const SECOND = 1000;
const DAY = 86_400_000;
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

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

/** Midnight UTC on 1 January of `year`; Date.UTC would read years 0-99 as 1900-1999. */
function startOfUtcYear(year: number): number {
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

interface Observance {
  daylight: boolean;
  /** Wall-clock time of the onset, in the offset in force before it (RFC 5545 3.6.5). */
  localStart: number;
  from: number;
  to: number;
}

/** A wall-clock time written as if it were UTC, to reuse the Date getters. */
function localFields(localMs: number) {
  const d = new Date(localMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * Calendar apps file an observance as summer time (DAYLIGHT) or not. Intl does not say which, so
 * in a year with a pair of changes the higher offset is taken as summer time; a lone change (a
 * zone moving its clocks for good) is STANDARD.
 */
function observancesForYear(timeZone: string, year: number, anchor: boolean): Observance[] {
  const changes = offsetChangesInYear(timeZone, year);
  const seasonal = changes.length >= 2;
  const lowest = Math.min(...changes.flatMap((c) => [c.from, c.to]));
  const out: Observance[] = [];
  if (anchor) {
    const jan1 = startOfUtcYear(year);
    const offset = utcOffsetAt(timeZone, jan1 - utcOffsetAt(timeZone, jan1) * SECOND);
    out.push({ daylight: seasonal && offset > lowest, localStart: jan1, from: offset, to: offset });
  }
  for (const c of changes) {
    out.push({
      daylight: seasonal && c.to > lowest,
      localStart: c.at + c.from * SECOND,
      from: c.from,
      to: c.to,
    });
  }
  return out;
}

/** The VTIMEZONE lines for `timeZone`, covering every year in `years` (1 to 9999). */
export function buildVTimezone(timeZone: string, years: Iterable<number>): string[] {
  const sorted = [...new Set(years)]
    .filter((y) => Number.isInteger(y) && y >= MIN_YEAR && y <= MAX_YEAR)
    .sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error('A VTIMEZONE needs at least one year to cover');
  const observances: Observance[] = [];
  sorted.forEach((year, i) => {
    const prev = i > 0 ? sorted[i - 1] : undefined;
    observances.push(...observancesForYear(timeZone, year, prev !== year - 1));
  });
  const lines = [
    'BEGIN:VTIMEZONE',
    contentLine('TZID', escapeText(timeZone)),
    contentLine('X-LIC-LOCATION', escapeText(timeZone)),
  ];
  for (const o of observances) {
    const kind = o.daylight ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      contentLine('DTSTART', formatLocalDateTime(localFields(o.localStart))),
      contentLine('TZOFFSETFROM', formatUtcOffset(o.from)),
      contentLine('TZOFFSETTO', formatUtcOffset(o.to)),
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
