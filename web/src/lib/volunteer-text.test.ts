import { describe, expect, it } from 'vitest';
import type { WireSeatsSummary } from '@scout/protocol/volunteer';
import { placesText, seatsText, slotWhen, slotWindow } from './volunteer-text.ts';

const seats = (over: Partial<WireSeatsSummary> = {}): WireSeatsSummary => ({
  drivers: 0,
  seatsOffered: 0,
  youthGoing: 0,
  adultsGoing: 0,
  riders: 0,
  shortBy: 0,
  ...over,
});

describe('how slots read', () => {
  it('says the seats short against the riders, or that there are enough', () => {
    expect(seatsText(seats({ drivers: 1, seatsOffered: 2, riders: 5, shortBy: 3 }), true)).toBe(
      'Short by 3 seats (5 riders, 2 seats offered)',
    );
    expect(seatsText(seats({ riders: 1, shortBy: 1 }), true)).toBe(
      'Short by 1 seat (1 rider, 0 seats offered)',
    );
    expect(seatsText(seats({ drivers: 2, seatsOffered: 8, riders: 5 }), true)).toBe(
      'Enough seats: 8 seats for 5 riders',
    );
    // An event with no driver slot and no driver says nothing of seats.
    expect(seatsText(seats({ riders: 5, shortBy: 5 }), false)).toBeNull();
  });

  it('says how full a slot is', () => {
    expect(placesText(0, 4)).toBe('Nobody yet, 4 needed');
    expect(placesText(1, 4)).toBe('1 of 4 taken');
    expect(placesText(2, 2)).toBe('Full (2 of 2)');
  });

  it('says when: the slot’s own window, else the event’s start, else the day', () => {
    const on = { date: '2026-12-12', time: '18:30', timeFrom: null, timeTo: null };
    expect(slotWhen(on)).toBe('Sat, Dec 12, 2026 · 6:30 PM');
    expect(slotWhen({ ...on, timeFrom: '07:00', timeTo: '09:00' })).toBe(
      'Sat, Dec 12, 2026 · 7:00 AM to 9:00 AM',
    );
    expect(slotWhen({ ...on, time: null })).toBe('Sat, Dec 12, 2026');
    expect(slotWindow({ timeFrom: '07:00', timeTo: null })).toBe('7:00 AM');
  });
});
