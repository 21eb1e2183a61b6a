/**
 * A send time as the writer picks it: a date and a time on the troop's clocks (protocol
 * src/wall-clock.ts, read as the calendar's forms read event times), the device's when the troop
 * names no zone. The server takes the instant (`sendAt`, ISO 8601).
 */
import { NEWSLETTER_SCHEDULE_MAX_DAYS } from '@scout/protocol/newsletter';
import { floatingOf, readWallClock } from '@scout/protocol/wall-clock';

export type ScheduleReading =
  { ok: true; at: string } | { ok: false; field: 'date' | 'time'; message: string };

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The zone times are read in: the troop's, else the device's own. */
export const zoneOrDevice = (timeZone: string | null): string =>
  timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The instant of `date` (YYYY-MM-DD) at `time` (HH:mm) in `timeZone`, checked against `now`. */
export function scheduleInstant(
  date: string,
  time: string,
  timeZone: string,
  now: number,
): ScheduleReading {
  if (!date.trim()) return { ok: false, field: 'date', message: 'Choose the day to send it' };
  if (!time.trim()) return { ok: false, field: 'time', message: 'Choose the time to send it' };
  const floating = floatingOf(date.trim(), time.trim().slice(0, 5));
  if (Number.isNaN(floating))
    return { ok: false, field: 'date', message: 'That is not a day and time' };
  const at = readWallClock(timeZone, floating).instant;
  // The server allows a minute's slack; a time already gone is sent with Send now instead.
  if (at < now - MINUTE) return { ok: false, field: 'time', message: 'That time has passed' };
  if (at > now + NEWSLETTER_SCHEDULE_MAX_DAYS * DAY)
    return {
      ok: false,
      field: 'date',
      message: `A post is scheduled at most ${NEWSLETTER_SCHEDULE_MAX_DAYS} days ahead`,
    };
  return { ok: true, at: new Date(at).toISOString() };
}

/** "Scheduled for Sat, Dec 12, 2026, 9:00 AM", on the troop's clocks. */
export function scheduledFor(sendAt: string, timeZone: string): string {
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(sendAt));
  return `Scheduled for ${when}`;
}

/** The date and time fields' start: a scheduled post's own time, else the next whole hour. */
export function scheduleFields(
  sendAt: string | null,
  timeZone: string,
  now: number,
): { date: string; time: string } {
  const at = sendAt ? Date.parse(sendAt) : Math.ceil((now + MINUTE) / (60 * MINUTE)) * 60 * MINUTE;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}
