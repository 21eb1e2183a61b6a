/**
 * The iCalendar text format (RFC 5545): escaping, line folding and date-time values. Pure
 * functions; nothing here knows about events, HTTP or the database.
 */

/** RFC 5545 3.1: a content line is at most 75 octets, not counting the line break. */
export const MAX_LINE_OCTETS = 75;
export const CRLF = '\r\n';

/**
 * TEXT values (RFC 5545 3.3.11): backslash, semicolon and comma are escaped, every kind of line
 * break becomes `\n`. Other control characters are not allowed in TEXT and are dropped, so a
 * stray one in an event name cannot break a calendar app's parser.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n|\r|\n/g, '\n')
      // eslint-disable-next-line no-control-regex -- RFC 5545 TEXT excludes control characters
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`))
  );
}

/**
 * Parameter values (RFC 5545 3.2) may not contain a double quote or control characters; values
 * with `:`, `;` or `,` must be quoted.
 */
export function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex -- RFC 5545 3.2 excludes control characters
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/**
 * Folds one content line into physical lines of at most 75 octets; each continuation starts with
 * one space, which counts toward its 75. Splits only between code points, so a multi-byte UTF-8
 * character (an accent, CJK, an emoji) is never cut in half.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = octets(ch);
    if (size + n > MAX_LINE_OCTETS) {
      out.push(current);
      current = ' ';
      size = 1;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join(CRLF);
}

export interface Param {
  name: string;
  value: string;
}

/** One content line, `NAME;PARAM=value:VALUE`, folded. `value` must already be escaped. */
export function contentLine(name: string, value: string, params: readonly Param[] = []): string {
  const p = params.map((x) => `;${x.name}=${paramValue(x.value)}`).join('');
  return foldLine(`${name}${p}:${value}`);
}

/** The whole document: CRLF after every line, the last one included (RFC 5545 3.1). */
export function serialize(lines: readonly string[]): string {
  return lines.map((l) => l + CRLF).join('');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `19980119T070000Z`: an instant in UTC (RFC 5545 3.3.5, form 2). */
export function formatUtcDateTime(ms: number): string {
  const d = new Date(ms);
  return (
    `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
  );
}

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A wall-clock time stored as floating ms (its fields read as UTC, to reuse the Date getters). */
export function floatingFields(floatingMs: number): LocalDateTime {
  const d = new Date(floatingMs);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** `19980119T020000`: a wall-clock time, read in the zone named by TZID (RFC 5545 3.3.5, form 3). */
export function formatLocalDateTime(t: LocalDateTime): string {
  return `${formatDate(t)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

/** `19970714`: a DATE value (RFC 5545 3.3.4). */
export function formatDate(t: Pick<LocalDateTime, 'year' | 'month' | 'day'>): string {
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}`;
}

/** `-0500`, `+0530`, `+0000` (RFC 5545 3.3.14; `-0000` is not allowed). Seconds only if any. */
export function formatUtcOffset(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = abs % 60;
  return `${sign}${pad(h)}${pad(m)}${s ? pad(s) : ''}`;
}
