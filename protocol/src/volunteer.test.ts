import { describe, expect, it } from 'vitest';
import {
  ownEventsVolunteerChannel,
  VOLUNTEER_CHANNEL,
  VOLUNTEER_KINDS,
  VOLUNTEER_LIMITS,
  VOLUNTEER_TEMPLATES,
  volunteerChannel,
  volunteerListenChannel,
} from './volunteer.ts';

describe('volunteer sheets', () => {
  it('names the sheets channels by the events read rule, as the RSVP channels', () => {
    expect(volunteerChannel(VOLUNTEER_CHANNEL)).toEqual({
      table: 'calendar_events',
      ownerId: null,
    });
    expect(volunteerChannel(ownEventsVolunteerChannel('u1'))).toEqual({
      table: 'calendar_events',
      ownerId: 'u1',
    });
    for (const other of ['volunteer:', 'volunteers', 'rsvps', 'calendar_events'])
      expect(volunteerChannel(other), other).toBeNull();
    expect(volunteerListenChannel('all', 'u1')).toBe('volunteer');
    expect(volunteerListenChannel('own', 'u1')).toBe('volunteer:u1');
    expect(volunteerListenChannel('none', 'u1')).toBeNull();
  });

  it('offers one template for each usual kind, each a slot the server accepts', () => {
    expect(VOLUNTEER_TEMPLATES.map((t) => t.kind)).toEqual(['driver', 'meal', 'gear', 'shift']);
    for (const t of VOLUNTEER_TEMPLATES) {
      expect(VOLUNTEER_KINDS).toContain(t.kind);
      expect(t.title.length).toBeLessThanOrEqual(VOLUNTEER_LIMITS.titleMax);
      expect(t.people).toBeGreaterThanOrEqual(1);
      expect(t.people).toBeLessThanOrEqual(VOLUNTEER_LIMITS.peopleMax);
      expect(t.seats === null).toBe(t.kind !== 'driver');
      expect((t.note ?? '').length).toBeLessThanOrEqual(VOLUNTEER_LIMITS.noteMax);
      expect(t.timeFrom === null).toBe(t.timeTo === null);
    }
  });
});
