/**
 * What a row of a declared table must hold, checked on every create and update (admins too: it
 * is about the data, not about who writes it). Returns the row as it will be stored.
 */
import {
  checkEventLink,
  EVENT_FIELD_MESSAGES,
  isEventDate,
  isEventTime,
  readEventName,
} from '@scout/protocol/event-fields';
import { EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { DEFAULT_ROLES_CONFIG, roleNames, type RolesConfig } from '@scout/protocol/permissions';
import {
  readAvatarUrl,
  readDisplayName,
  readMetadata,
  metadataText,
} from '../auth/profile-fields.ts';
import { normaliseEmail } from '../auth/users.ts';
import { badRequest, fieldValue } from '../errors.ts';
import { checkEventDetails } from '../calendar/event-details.ts';
import type { DbValue } from './values.ts';

export type Row = Record<string, DbValue>;
type Mode = 'create' | 'update';

const REQUIRED_EVENT_FIELDS = [
  ['event_name', EVENT_FIELD_MESSAGES.nameRequired],
  ['event_date', EVENT_FIELD_MESSAGES.dateRequired],
  ['event_time', EVENT_FIELD_MESSAGES.timeRequired],
] as const;

function checkCalendarEvent(row: Row, mode: Mode): Row {
  const out = { ...row };
  for (const [column, required] of REQUIRED_EVENT_FIELDS) {
    const v = out[column];
    if (column === 'event_time' && out.all_day === true && v !== null) continue;
    if (mode === 'create' ? v === undefined || v === null : v === null) throw badRequest(required);
  }
  if (out.event_name !== undefined && out.event_name !== null)
    out.event_name = fieldValue(readEventName(String(out.event_name)));
  if (
    out.event_date !== undefined &&
    out.event_date !== null &&
    !isEventDate(String(out.event_date))
  )
    throw badRequest(EVENT_FIELD_MESSAGES.dateInvalid);
  // An all-day event may leave the time empty; clients that know only the time still send one.
  const timeOptional =
    out.all_day === true && (out.event_time === '' || out.event_time === undefined);
  if (timeOptional) out.event_time = '';
  else if (
    out.event_time !== undefined &&
    out.event_time !== null &&
    !isEventTime(String(out.event_time))
  ) {
    throw badRequest(EVENT_FIELD_MESSAGES.timeInvalid);
  }
  if (out.hyperlink !== undefined && out.hyperlink !== null)
    out.hyperlink = fieldValue(checkEventLink(String(out.hyperlink)));
  if (typeof out.creator_name === 'string' && out.creator_name.length > EVENT_NAME_MAX_LENGTH) {
    throw badRequest(`Creator name must be at most ${EVENT_NAME_MAX_LENGTH} characters`);
  }
  return checkEventDetails(out, mode);
}

/** The profile fields, checked exactly as PATCH /api/auth/me checks them. */
function checkProfileFields(row: Row): Row {
  const out = { ...row };
  if ('display_name' in out) out.display_name = readDisplayName(out.display_name) ?? null;
  if ('avatar_url' in out) out.avatar_url = readAvatarUrl(out.avatar_url) ?? null;
  if ('metadata' in out) out.metadata = metadataText(readMetadata(out.metadata) ?? {});
  return out;
}

function checkUser(row: Row, _mode: Mode, roles: RolesConfig): Row {
  const out = checkProfileFields(row);
  if ('email' in out) out.email = normaliseEmail(out.email);
  const known = roleNames(roles);
  if ('role' in out && !known.includes(String(out.role))) {
    throw badRequest(`role must be one of ${known.join(', ')}`);
  }
  if ('email_verified' in out && out.email_verified === null)
    throw badRequest('email_verified must be true or false');
  return out;
}

const CHECKS: Record<string, (row: Row, mode: Mode, roles: RolesConfig) => Row> = {
  calendar_events: checkCalendarEvent,
  users: checkUser,
  custom_users: checkProfileFields,
};

export function checkRow(
  table: string,
  row: Row,
  mode: Mode,
  roles: RolesConfig = DEFAULT_ROLES_CONFIG,
): Row {
  const check = CHECKS[table];
  return check ? check(row, mode, roles) : row;
}
