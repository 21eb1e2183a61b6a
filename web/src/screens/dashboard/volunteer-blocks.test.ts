import { describe, expect, it } from 'vitest';
import type { WireCommitment, WireSlotOnDate } from '@scout/protocol/volunteer';
import { volunteerBlocks } from './volunteer-blocks.ts';

const slot = (
  over: Partial<WireSlotOnDate & { empty: boolean }> = {},
): WireSlotOnDate & { empty: boolean } => ({
  eventId: 'camp',
  occurrence: '',
  eventName: 'Fall campout',
  date: '2026-12-11',
  time: '18:00',
  slotId: 'drivers',
  title: 'Driver to camp',
  kind: 'driver',
  people: 4,
  taken: 1,
  placesLeft: 3,
  timeFrom: null,
  timeTo: null,
  openToScouts: false,
  empty: false,
  ...over,
});

const mine = (over: Partial<WireCommitment> = {}): WireCommitment => ({
  ...slot(over),
  signupId: 's1',
  volunteer: 'user:u1',
  name: 'Pat Parent',
  cutoffAt: null,
  ...over,
});

describe("the Volunteer card's three blocks", () => {
  it('shows the member’s commitments first, then open slots they hold no place in', () => {
    const blocks = volunteerBlocks(
      [mine({ slotId: 'meals', title: 'Saturday dinner' })],
      [
        slot({ slotId: 'meals', title: 'Saturday dinner' }),
        slot({ slotId: 'gear', title: 'Bring a dining fly', taken: 0, people: 1, empty: true }),
        slot({ eventId: 'weekly', occurrence: '2026-12-15', slotId: 'snack', title: 'Snack' }),
        slot({ slotId: 'later', title: 'Not shown' }),
      ],
      'user:u1',
    );
    expect(blocks.map((b) => (b.kind === 'empty' ? b.label : [b.kind, b.title, b.status]))).toEqual(
      [
        ['mine', 'Saturday dinner', 'You signed up'],
        ['open', 'Bring a dining fly', 'Nobody yet, 1 needed'],
        ['open', 'Snack', '1 of 4 taken'],
      ],
    );
    expect(blocks[1]).toMatchObject({ empty: true, path: '/calendar/events/camp' });
    // One meeting of a series opens at the series' address for that date.
    expect(blocks[2]).toMatchObject({ path: '/calendar/events/weekly/2026-12-15' });
  });

  it('names the scout whose place it is, and says when a slot has its own window', () => {
    const [block] = volunteerBlocks(
      [mine({ name: 'Sam Scout', volunteer: 'scout:s9', timeFrom: '07:00', timeTo: '09:00' })],
      [],
      'user:u1',
    );
    expect(block).toMatchObject({
      status: 'Sam Scout signed up',
      when: 'Fri, Dec 11, 2026 · 7:00 AM to 9:00 AM',
    });
  });

  it('fills what is missing with empty blocks that say so', () => {
    expect(volunteerBlocks([], [], 'user:u1')).toEqual([
      { kind: 'empty', key: 'empty:0', label: 'No open slots at upcoming events' },
      { kind: 'empty', key: 'empty:1', label: 'Nothing more to sign up for' },
      { kind: 'empty', key: 'empty:2', label: 'Nothing more to sign up for' },
    ]);
    expect(volunteerBlocks([], [slot()], 'user:u1').map((b) => b.kind)).toEqual([
      'open',
      'empty',
      'empty',
    ]);
  });
});
