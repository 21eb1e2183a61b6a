/**
 * Offering one's place to another member (docs/decisions/070-volunteer-sheets.md, Swaps): who it
 * may go to, and the offer still waiting on a place. Pure, so tested on their own.
 */
import type { WireVolunteerPlace } from '@scout/protocol/volunteer';

export interface OfferCandidate {
  userId: string;
  name: string;
}

/**
 * The members a place may be offered to: active ones of the troop but the caller, and none who
 * already holds a place in the slot (the server refuses those, 409), by name.
 */
export function offerCandidates(
  members: readonly {
    id: string;
    status: string;
    displayName: string | null;
    email: string;
  }[],
  places: readonly Pick<WireVolunteerPlace, 'volunteer'>[],
  selfId: string,
): OfferCandidate[] {
  const holding = new Set(places.map((p) => p.volunteer));
  return members
    .filter((m) => m.status === 'active' && m.id !== selfId && !holding.has(`user:${m.id}`))
    .map((m) => ({ userId: m.id, name: m.displayName?.trim() || m.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The open offer of one place (by its signup id) on a sheet's slot, or null. */
export function pendingOffer(
  places: readonly Pick<WireVolunteerPlace, 'signupId' | 'offeredTo'>[] | undefined,
  signupId: string,
): { offerId: string; userId: string; name: string } | null {
  return places?.find((p) => p.signupId === signupId)?.offeredTo ?? null;
}

/**
 * Without the member list (`members.read`, leaders by default), the adults the caller can see:
 * those holding a place elsewhere on the event's sheet, but not in this slot, by name.
 */
export function sheetCandidates(
  slots: readonly {
    id: string;
    places: readonly Pick<WireVolunteerPlace, 'volunteer' | 'name' | 'youth'>[];
  }[],
  slotId: string,
  selfId: string,
): OfferCandidate[] {
  const inSlot = new Set(
    slots.filter((s) => s.id === slotId).flatMap((s) => s.places.map((p) => p.volunteer)),
  );
  const seen = new Map<string, string>();
  for (const p of slots.flatMap((s) => s.places)) {
    if (p.youth || !p.volunteer.startsWith('user:') || inSlot.has(p.volunteer)) continue;
    const userId = p.volunteer.slice('user:'.length);
    if (userId !== selfId) seen.set(userId, p.name);
  }
  return [...seen]
    .map(([userId, name]) => ({ userId, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
