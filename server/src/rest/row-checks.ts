/**
 * What a row of a declared table must hold, checked on every create and update (admins too: it
 * is about the data, not about who writes it). Returns the row as it will be stored.
 */
import { EVENT_LINK_MAX_LENGTH, EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { DEFAULT_ROLES_CONFIG, roleNames, type RolesConfig } from '@scout/protocol/permissions';
import {
  readAvatarUrl,
  readDisplayName,
  readMetadata,
  metadataText,
} from '../auth/profile-fields.ts';
import { normaliseEmail } from '../auth/users.ts';
import { badRequest } from '../errors.ts';
import type { DbValue } from './values.ts';

export type Row = Record<string, DbValue>;
type Mode = 'create' | 'update';

export const LINK_MESSAGE = 'Links must be http or https URLs';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function isRealDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A link is optional; present, it is an http(s) URL a browser may open (never javascript: or data:). */
export function readLink(value: DbValue): string | null {
  if (value === null) return null;
  const text = String(value).trim();
  if (text === '') return null;
  if (text.length > EVENT_LINK_MAX_LENGTH)
    throw badRequest(`${LINK_MESSAGE} of at most ${EVENT_LINK_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(LINK_MESSAGE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(LINK_MESSAGE);
  return text;
}

const REQUIRED_EVENT_FIELDS = [
  ['event_name', 'Event name'],
  ['event_date', 'Event date'],
  ['event_time', 'Event time'],
] as const;

function checkCalendarEvent(row: Row, mode: Mode): Row {
  const out = { ...row };
  for (const [column, label] of REQUIRED_EVENT_FIELDS) {
    const v = out[column];
    if (mode === 'create' ? v === undefined || v === null : v === null)
      throw badRequest(`${label} is required`);
  }
  if (out.event_name !== undefined && out.event_name !== null) {
    const name = String(out.event_name).trim();
    if (name === '') throw badRequest('Event name is required');
    if (name.length > EVENT_NAME_MAX_LENGTH)
      throw badRequest(`Event name must be at most ${EVENT_NAME_MAX_LENGTH} characters`);
    out.event_name = name;
  }
  if (
    out.event_date !== undefined &&
    out.event_date !== null &&
    !isRealDate(String(out.event_date))
  ) {
    throw badRequest('Event date must be a date written YYYY-MM-DD');
  }
  if (
    out.event_time !== undefined &&
    out.event_time !== null &&
    !TIME.test(String(out.event_time))
  ) {
    throw badRequest('Event time must be written HH:mm (24-hour)');
  }
  if (out.hyperlink !== undefined) out.hyperlink = readLink(out.hyperlink);
  if (typeof out.creator_name === 'string' && out.creator_name.length > EVENT_NAME_MAX_LENGTH) {
    throw badRequest(`Creator name must be at most ${EVENT_NAME_MAX_LENGTH} characters`);
  }
  return out;
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
