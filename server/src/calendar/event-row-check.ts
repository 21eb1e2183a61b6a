/**
 * What a calendar event must hold, checked on every create and update, through the Data API and
 * the occurrence routes alike (admins too: it is about the data, not about who writes it).
 * Returns the row as it will be stored; the whole stored row is checked after an update
 * (stored-events.ts), since an update names only the fields it changes.
 */
import {
  checkEventLink,
  EVENT_FIELD_MESSAGES,
  isEventDate,
  isEventTime,
  readEventName,
} from '@scout/protocol/event-fields';
import { EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { ApiError, fieldValue } from '../errors.ts';
import type { Row, WriteMode } from '../rest/table-definition.ts';
import { checkEventDetails } from './event-details.ts';

const REQUIRED_EVENT_FIELDS = [
  ['event_name', EVENT_FIELD_MESSAGES.nameRequired],
  ['event_date', EVENT_FIELD_MESSAGES.dateRequired],
  ['event_time', EVENT_FIELD_MESSAGES.timeRequired],
] as const;

export function checkEventRow(row: Row, mode: WriteMode): Row {
  const out = { ...row };
  for (const [column, required] of REQUIRED_EVENT_FIELDS) {
    const v = out[column];
    if (column === 'event_time' && out.all_day === true && v !== null) continue;
    if (mode === 'create' ? v === undefined || v === null : v === null)
      throw new ApiError('VALIDATION_ERROR', required);
  }
  if (out.event_name !== undefined && out.event_name !== null)
    out.event_name = fieldValue(readEventName(String(out.event_name)));
  if (
    out.event_date !== undefined &&
    out.event_date !== null &&
    !isEventDate(String(out.event_date))
  )
    throw new ApiError('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.dateInvalid);
  // An all-day event may leave the time empty; clients that know only the time still send one.
  const timeOptional =
    out.all_day === true && (out.event_time === '' || out.event_time === undefined);
  if (timeOptional) out.event_time = '';
  else if (
    out.event_time !== undefined &&
    out.event_time !== null &&
    !isEventTime(String(out.event_time))
  ) {
    throw new ApiError('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.timeInvalid);
  }
  if (out.hyperlink !== undefined && out.hyperlink !== null)
    out.hyperlink = fieldValue(checkEventLink(String(out.hyperlink)));
  if (typeof out.creator_name === 'string' && out.creator_name.length > EVENT_NAME_MAX_LENGTH) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `Creator name must be at most ${EVENT_NAME_MAX_LENGTH} characters`,
    );
  }
  return checkEventDetails(out, mode);
}
