/**
 * The optional details of a calendar event as written through the Data API (migration 025):
 * each field checked and normalised on its own; on create, the whole row too
 * (event-shape.ts). Updates are checked whole after the write, inside its transaction
 * (rest/update-rows.ts), since a patch alone does not show the stored start.
 */
import { EVENT_STATUSES } from '@scout/protocol/calendar-events';
import {
  EVENT_FIELD_MESSAGES,
  isEventCategory,
  isEventDate,
  isEventTime,
  readCancelReason,
  readEventDescription,
  readEventLocation,
  type FieldCheck,
} from '@scout/protocol/event-fields';
import { EVENT_CAPACITY_MAX } from '@scout/protocol/rsvps';
import { ApiError, fieldValue } from '../errors.ts';
import type { DbValue } from '../rest/values.ts';
import { checkEventShape } from './event-shape.ts';
import { dateMs, type EventRecord } from './occurrences.ts';
import { readRepeatRule, RepeatRuleError } from './repeat-rule.ts';
import { isoInstant } from '../store/sql-values.ts';

type Row = Record<string, DbValue>;

/** Optional text as the shared rule reads it; null stays null. */
const optionalText = (value: DbValue, read: (text: string) => FieldCheck<string | null>) =>
  value === null ? null : fieldValue(read(String(value)));

function oneOf(value: DbValue, label: string, allowed: readonly string[]) {
  const text = String(value ?? '');
  if (!allowed.includes(text))
    throw new ApiError('VALIDATION_ERROR', `${label} must be one of ${allowed.join(', ')}`);
  return text;
}

function exdates(value: DbValue): string | null {
  if (value === null) return null;
  const raw = String(value).trim();
  if (raw === '') return null;
  const dates = [...new Set(raw.split(',').map((d) => d.trim()))];
  for (const d of dates)
    if (Number.isNaN(dateMs(d)))
      throw new ApiError(
        'VALIDATION_ERROR',
        'Removed occurrences must be dates written YYYY-MM-DD',
      );
  return dates.sort().join(',');
}

/** `YYYY-MM-DDTHH:mm[:ss[.sss]]` with `Z` or an offset: an instant, never a wall-clock time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The answer deadline as a UTC instant; '' and null clear it. */
function rsvpDeadline(value: DbValue): string | null {
  if (value === null || value === '') return null;
  const text = String(value).trim();
  const ms =
    INSTANT.test(text) && !Number.isNaN(dateMs(text.slice(0, 10))) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms))
    throw new ApiError(
      'VALIDATION_ERROR',
      'RSVP deadline must be an instant written like 2026-05-01T18:00:00Z (with Z or an offset)',
    );
  return isoInstant(ms);
}

/** People going at most: a whole number from 1, or null for no limit. */
function capacity(value: DbValue): number | null {
  if (value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(n) || n < 1 || n > EVENT_CAPACITY_MAX)
    throw new ApiError(
      'VALIDATION_ERROR',
      `Capacity must be a whole number from 1 to ${EVENT_CAPACITY_MAX}, or empty`,
    );
  return n;
}

export function checkEventDetails(row: Row, mode: 'create' | 'update'): Row {
  const out = { ...row };
  // Which series a row belongs to is the occurrence routes' to say (routes.ts): a client writing
  // back a copy of a row changes nothing there, and a new row cannot claim an occurrence.
  const claims = (c: string) => out[c] !== undefined && out[c] !== null;
  if (mode === 'create' && (claims('series_id') || claims('recurrence_date')))
    throw new ApiError(
      'VALIDATION_ERROR',
      'Single occurrences of a series are changed through /api/calendar/{projectId}/events/{id}/occurrences/{date}',
    );
  delete out.series_id;
  delete out.recurrence_date;
  if (out.end_date !== undefined && out.end_date !== null) {
    if (out.end_date === '') out.end_date = null;
    else if (!isEventDate(String(out.end_date)))
      throw new ApiError('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.endDateInvalid);
  }
  if (out.end_time !== undefined && out.end_time !== null) {
    if (out.end_time === '') out.end_time = null;
    else if (!isEventTime(String(out.end_time)))
      throw new ApiError('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.endTimeInvalid);
  }
  if (out.all_day === null) throw new ApiError('VALIDATION_ERROR', 'allDay must be true or false');
  if (out.location !== undefined) out.location = optionalText(out.location, readEventLocation);
  if (out.description !== undefined)
    out.description = optionalText(out.description, readEventDescription);
  if (out.cancel_reason !== undefined)
    out.cancel_reason = optionalText(out.cancel_reason, readCancelReason);
  if (out.category !== undefined && out.category !== null && !isEventCategory(out.category))
    throw new ApiError('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.categoryUnknown);
  if (out.status !== undefined) out.status = oneOf(out.status, 'Status', EVENT_STATUSES);
  if (out.rrule !== undefined && out.rrule !== null) {
    if (String(out.rrule).trim() === '') out.rrule = null;
    else
      try {
        out.rrule = readRepeatRule(String(out.rrule)).text;
      } catch (err) {
        if (err instanceof RepeatRuleError) throw new ApiError('VALIDATION_ERROR', err.message);
        throw err;
      }
  }
  if (out.exdates !== undefined) out.exdates = exdates(out.exdates);
  if (out.rsvp_deadline !== undefined) out.rsvp_deadline = rsvpDeadline(out.rsvp_deadline);
  if (out.capacity !== undefined) out.capacity = capacity(out.capacity);
  if (mode === 'create') checkEventShape(out as unknown as EventRecord);
  return out;
}
