/**
 * What the dashboard's Volunteer card shows in its three blocks (docs/product.md section 1): the
 * member's own commitments first, soonest first, since those are what they must not forget; then
 * the next open slots they do not already hold a place in; then an empty block for each missing.
 * Each block opens its event's address, where the event's sheet is.
 */
import { eventPath } from '@scout/protocol/app-paths';
import type { WireCommitment, WireSlotOnDate } from '@scout/protocol/volunteer';
import { placesText, slotWhen } from '../../lib/volunteer-text.ts';

export type VolunteerBlock =
  | {
      kind: 'mine' | 'open';
      key: string;
      title: string;
      eventName: string;
      when: string;
      /** "Yours" for a commitment (whose, when a scout's), else how full the slot is. */
      status: string;
      /** Nobody took a place yet: marked on the block. */
      empty: boolean;
      path: string;
    }
  | { kind: 'empty'; key: string; label: string };

const placeKey = (s: Pick<WireSlotOnDate, 'slotId' | 'occurrence'>) =>
  `${s.slotId}/${s.occurrence}`;

const pathOf = (s: Pick<WireSlotOnDate, 'eventId' | 'occurrence'>) =>
  eventPath(s.eventId, s.occurrence || undefined);

export function volunteerBlocks(
  commitments: readonly WireCommitment[],
  open: readonly (WireSlotOnDate & { empty: boolean })[],
  /** The member's own volunteer key, `user:<id>`: their places read "You signed up". */
  self: string,
  count = 3,
): VolunteerBlock[] {
  const held = new Set(commitments.map(placeKey));
  const blocks: VolunteerBlock[] = commitments.slice(0, count).map((c) => ({
    kind: 'mine',
    key: `mine:${c.signupId}`,
    title: c.title,
    eventName: c.eventName,
    when: slotWhen(c),
    status: c.volunteer === self ? 'You signed up' : `${c.name} signed up`,
    empty: false,
    path: pathOf(c),
  }));
  for (const s of open) {
    if (blocks.length >= count) break;
    if (held.has(placeKey(s))) continue;
    blocks.push({
      kind: 'open',
      key: `open:${placeKey(s)}`,
      title: s.title,
      eventName: s.eventName,
      when: slotWhen(s),
      status: placesText(s.taken, s.people),
      empty: s.empty,
      path: pathOf(s),
    });
  }
  const none = blocks.length === 0;
  while (blocks.length < count) {
    const i = blocks.length;
    blocks.push({
      kind: 'empty',
      key: `empty:${i}`,
      label: none && i === 0 ? 'No open slots at upcoming events' : 'Nothing more to sign up for',
    });
  }
  return blocks;
}
