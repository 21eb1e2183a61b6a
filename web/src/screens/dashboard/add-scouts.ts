import type { WireUser } from '@scout/protocol/auth';

/** Where the prompt leads: the Family section of Profile, by its heading (family-section.tsx). */
export const FAMILY_ADDRESS = '/profile#family-heading';

/** The troop role a member gave of themself (metadata is JSON text, or an object from old clients). */
export function troopRoleOf(metadata: unknown): string | null {
  let value: unknown = metadata;
  if (typeof metadata === 'string') {
    try {
      value = JSON.parse(metadata);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const role = (value as { troopRole?: unknown }).troopRole;
  return typeof role === 'string' ? role : null;
}

/**
 * Who is asked to add their scouts: a member who said they are a parent. Reading a household
 * makes one (GET /api/households/mine), and the adults of a household count toward an event's
 * "no answer" and get its nudges (server/src/rsvps/non-responders.ts), so a leader or an admin
 * without a family must not get one by opening the dashboard; a youth never has one of their own.
 */
export const isParent = (user: Pick<WireUser, 'metadata'>): boolean =>
  troopRoleOf(user.metadata) === 'Parent';

/**
 * Whether the dashboard asks the member to add their scouts: a parent whose household has none
 * yet, until one is added. Never a youth, a leader, nor a scout linked into a parent's household;
 * not while the household is unknown (loading or failed), so it never flashes.
 */
export function showsAddScouts(
  user: Pick<WireUser, 'metadata'>,
  household: { role: 'adult' | 'scout'; scouts: readonly unknown[] } | undefined,
): boolean {
  if (!isParent(user) || !household) return false;
  return household.role === 'adult' && household.scouts.length === 0;
}
