/**
 * What a row of `users` or `custom_users` must hold when written through the Data API: the
 * profile fields exactly as PATCH /api/auth/me checks them, an address as sign-up keeps it, and
 * a role the roles configuration knows.
 */
import { roleNames, type RolesConfig } from '@scout/protocol/permissions';
import { ApiError } from '../errors.ts';
import type { Row, WriteMode } from '../rest/table-definition.ts';
import { metadataText, readAvatarUrl, readDisplayName, readMetadata } from './profile-fields.ts';
import { normaliseEmail } from './users.ts';

/** The profile fields, checked exactly as PATCH /api/auth/me checks them. */
export function checkProfileFields(row: Row): Row {
  const out = { ...row };
  if ('display_name' in out) out.display_name = readDisplayName(out.display_name) ?? null;
  if ('avatar_url' in out) out.avatar_url = readAvatarUrl(out.avatar_url) ?? null;
  if ('metadata' in out) out.metadata = metadataText(readMetadata(out.metadata) ?? {});
  return out;
}

export function checkUserRow(row: Row, _mode: WriteMode, roles: RolesConfig): Row {
  const out = checkProfileFields(row);
  if ('email' in out) out.email = normaliseEmail(out.email);
  const known = roleNames(roles);
  if ('role' in out && !known.includes(String(out.role))) {
    throw new ApiError('VALIDATION_ERROR', `role must be one of ${known.join(', ')}`);
  }
  if ('email_verified' in out && out.email_verified === null)
    throw new ApiError('VALIDATION_ERROR', 'email_verified must be true or false');
  return out;
}
