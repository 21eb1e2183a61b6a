/**
 * What one member may do on a slot of an event's sheet (protocol/src/volunteer.ts): give back
 * each place their people hold, and take one for each of their people without one, while places
 * are left: themself, and a scout of their household only where the slot is open to scouts (the
 * server refuses the rest, VOLUNTEER_ADULTS_ONLY). The member comes first.
 */
import type { WireVolunteerSheet, WireVolunteerSlot } from '@scout/protocol/volunteer';

export interface PlaceAction {
  volunteer: string;
  name: string;
  /** The member themself, not a scout of theirs. */
  self: boolean;
}

export function placeActions(
  sheet: Pick<WireVolunteerSheet, 'mine'>,
  slot: Pick<WireVolunteerSlot, 'places' | 'full' | 'openToScouts'>,
  self: string,
): { giveBack: PlaceAction[]; take: PlaceAction[] } {
  const bySelfFirst = (a: PlaceAction, b: PlaceAction) => Number(b.self) - Number(a.self);
  const held = slot.places.filter((p) => p.mine);
  const holding = new Set(held.map((p) => p.volunteer));
  const giveBack = held
    .map((p) => ({ volunteer: p.volunteer, name: p.name, self: p.volunteer === self }))
    .sort(bySelfFirst);
  const take = slot.full
    ? []
    : sheet.mine
        .filter((p) => !holding.has(p.volunteer) && (!p.youth || slot.openToScouts))
        .map((p) => ({ volunteer: p.volunteer, name: p.name, self: p.volunteer === self }))
        .sort(bySelfFirst);
  return { giveBack, take };
}
