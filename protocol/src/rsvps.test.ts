import { describe, expect, it } from 'vitest';
import { ownEventsRsvpChannel, rsvpChannel, rsvpListenChannel } from './rsvps.ts';

describe('answers channels', () => {
  it('names the channel a member listens on by what their role reads of the events', () => {
    expect(rsvpListenChannel('all', 'ann')).toBe('rsvps');
    expect(rsvpListenChannel('own', 'ann')).toBe('rsvps:ann');
    expect(rsvpListenChannel('none', 'ann')).toBeNull();
  });

  it('tells whose answers channel a name is, and that other names are none', () => {
    expect(rsvpChannel('rsvps')).toEqual({ table: 'calendar_events', ownerId: null });
    expect(rsvpChannel(ownEventsRsvpChannel('ann'))).toEqual({
      table: 'calendar_events',
      ownerId: 'ann',
    });
    expect(rsvpChannel('rsvps:')).toBeNull();
    expect(rsvpChannel('rsvps_x')).toBeNull();
    expect(rsvpChannel('calendar_events')).toBeNull();
  });
});
