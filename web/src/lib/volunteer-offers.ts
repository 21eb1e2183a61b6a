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
 * The adults a place may be offered to (the troop's, as the server lists them to every member):
 * all but the caller and any who already holds a place in the slot (the server refuses those,
 * 409), by name.
 */
export function offerCandidates(
  adults: readonly OfferCandidate[],
  places: readonly Pick<WireVolunteerPlace, 'volunteer'>[],
  selfId: string,
): OfferCandidate[] {
  const holding = new Set(places.map((p) => p.volunteer));
  return adults
    .filter((a) => a.userId !== selfId && !holding.has(`user:${a.userId}`))
    .map(({ userId, name }) => ({ userId, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The open offer of one place (by its signup id) on a sheet's slot, or null. */
export function pendingOffer(
  places: readonly Pick<WireVolunteerPlace, 'signupId' | 'offeredTo'>[] | undefined,
  signupId: string,
): { offerId: string; userId: string; name: string } | null {
  return places?.find((p) => p.signupId === signupId)?.offeredTo ?? null;
}
