/**
 * A VTIMEZONE component for an IANA zone, built from the runtime's own time-zone data (Intl), so
 * no zone table ships with the server. RFC 5545 requires one for every TZID a document uses.
 *
 * Each offset change in the years the events fall in becomes one STANDARD or DAYLIGHT observance
 * with a single DTSTART (no RRULE, no RDATE): always right, even in zones whose rules changed
 * over the years, and understood by every calendar app. Each run of years starts with an anchor
 * observance on 1 January so a time before the year's first change still has an offset.
 */
import {
  contentLine,
  escapeText,
  floatingFields,
  formatLocalDateTime,
  formatUtcOffset,
} from './ics.ts';
import { offsetChangesInYear, startOfUtcYear, utcOffsetAt } from '@scout/protocol/wall-clock';

// The zone's offsets are read the same way everywhere (protocol/src/wall-clock.ts).
export { offsetChangesInYear, utcOffsetAt };

const SECOND = 1000;
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

interface Observance {
  daylight: boolean;
  /** Wall-clock time of the onset, in the offset in force before it (RFC 5545 3.6.5). */
  localStart: number;
  from: number;
  to: number;
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
      contentLine('DTSTART', formatLocalDateTime(floatingFields(o.localStart))),
      contentLine('TZOFFSETFROM', formatUtcOffset(o.from)),
      contentLine('TZOFFSETTO', formatUtcOffset(o.to)),
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
