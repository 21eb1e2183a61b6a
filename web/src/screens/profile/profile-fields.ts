/**
 * The profile form's four fields and where they come from (docs/product.md section 3): the user's metadata,
 * which arrives as a JSON string or, from some clients, as an object; names missing there derive
 * from displayName (first word, then the rest).
 */
import type { UserMetadata } from '@scout/protocol/auth';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { TROOP_ROLES } from '@scout/protocol/roles';

export interface ProfileFields {
  firstName: string;
  lastName: string;
  troopNumber: string;
  troopRole: string;
}

interface ProfileSource {
  displayName?: string | null;
  metadata?: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Metadata as an object; anything unreadable reads as empty rather than breaking the screen. */
export function readUserMetadata(raw: unknown): Record<string, unknown> {
  if (isPlainObject(raw)) return raw;
  if (typeof raw !== 'string' || raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A text value kept as text; a troop number stored as a number reads as its digits. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

export function profileFieldsOf(user: ProfileSource | null | undefined): ProfileFields {
  const metadata = readUserMetadata(user?.metadata);
  const words = (user?.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: textOf(metadata.firstName) || (words[0] ?? ''),
    lastName: textOf(metadata.lastName) || words.slice(1).join(' '),
    troopNumber: textOf(metadata.troopNumber),
    troopRole: textOf(metadata.troopRole),
  };
}

/** The troop roles (docs/product.md section 3), plus a role saved by another client, so the select can still show it. */
export function troopRoleOptions(current: string): readonly string[] {
  return current && !(TROOP_ROLES as readonly string[]).includes(current)
    ? [...TROOP_ROLES, current]
    : TROOP_ROLES;
}

/** docs/product.md section 5: all four fields, trimmed, must be non-empty. */
export function validateProfile(values: ProfileFields): string | null {
  const blank = [values.firstName, values.lastName, values.troopNumber, values.troopRole].some(
    (v) => !v.trim(),
  );
  return blank ? UI_MESSAGES.allFieldsRequired : null;
}

export function profileMetadata(values: ProfileFields): UserMetadata {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    troopNumber: values.troopNumber.trim(),
    troopRole: values.troopRole.trim(),
  };
}

/** What PATCH /me receives: the display name is the two names (docs/product.md section 2). */
export function profileUpdateOf(values: ProfileFields) {
  const metadata = profileMetadata(values);
  return {
    displayName: `${metadata.firstName} ${metadata.lastName}`,
    metadata: JSON.stringify(metadata),
  };
}
