import { describe, expect, it } from 'vitest';
import { eventFromRow } from '@scout/protocol/calendar-list';
import { buildCalendarEvent, creatorNameOf, newEventId, randomIdSuffix } from './calendar-event.ts';

describe('creatorNameOf', () => {
  it('uses the display name, else the email before the @, else Anonymous', () => {
    expect(creatorNameOf({ displayName: '  Kim Lee ', email: 'kim@troop.example' })).toBe(
      'Kim Lee',
    );
    expect(creatorNameOf({ displayName: '', email: 'kim.lee@troop.example' })).toBe('kim.lee');
    expect(creatorNameOf({ displayName: '   ', email: null })).toBe('Anonymous');
    expect(creatorNameOf({ displayName: null, email: '@troop.example' })).toBe('Anonymous');
    expect(creatorNameOf(null)).toBe('Anonymous');
  });
});

describe('event ids', () => {
  it("are 'event_' + the creation time + a random suffix", () => {
    expect(newEventId(1_780_000_000_000, 'k3x9qa')).toBe('event_1780000000000_k3x9qa');
  });

  it('take six base-36 characters from the random source', () => {
    const bytes = (b: Uint8Array) => b.map((_, i) => i * 7 + 35);
    expect(randomIdSuffix(bytes)).toBe('z6dkry');
    expect(randomIdSuffix((b) => crypto.getRandomValues(b))).toMatch(/^[0-9a-z]{6}$/);
  });
});

describe('buildCalendarEvent', () => {
  const now = Date.UTC(2026, 5, 1, 12, 30);
  const creator = { id: 'user-1', displayName: 'Kim Lee', email: 'kim@troop.example' };

  it('sends notify only to keep families untold, leaving the server to tell them otherwise', () => {
    const input = { eventName: 'Term', eventDate: '2026-09-01', eventTime: '', hyperlink: null };
    expect(buildCalendarEvent({ ...input, notify: false }, creator, now, 'a').notify).toBe(false);
    expect('notify' in buildCalendarEvent({ ...input, notify: true }, creator, now, 'a')).toBe(
      false,
    );
    expect('notify' in buildCalendarEvent(input, creator, now, 'a')).toBe(false);
  });

  it('fills every field of docs/product.md section 3', () => {
    const event = buildCalendarEvent(
      {
        eventName: '  Summer camp ',
        eventDate: '2026-07-04',
        eventTime: '19:30',
        hyperlink: ' https://troop.example ',
      },
      creator,
      now,
      'abc123',
    );
    expect(event).toEqual({
      id: `event_${now}_abc123`,
      userId: 'user-1',
      eventName: 'Summer camp',
      eventDate: '2026-07-04',
      eventTime: '19:30',
      hyperlink: 'https://troop.example',
      creatorName: 'Kim Lee',
      createdAt: '2026-06-01T12:30:00.000Z',
      allDay: false,
      endDate: null,
      endTime: null,
      location: null,
      description: null,
      category: null,
      status: 'confirmed',
      cancelReason: null,
      rrule: null,
      rsvpDeadline: null,
      capacity: null,
    });
  });

  it('stores no link as null and names a creator without a display name by email', () => {
    const event = buildCalendarEvent(
      { eventName: 'Hike', eventDate: '2026-07-05', eventTime: '08:00', hyperlink: null },
      { id: 'user-2', displayName: null, email: 'sam@troop.example' },
      now,
      'zzzzzz',
    );
    expect(event.hyperlink).toBeNull();
    expect(event.creatorName).toBe('sam');
  });

  it('carries the repeat rule of a series', () => {
    const event = buildCalendarEvent(
      {
        eventName: 'Troop meeting',
        eventDate: '2026-12-01',
        eventTime: '19:00',
        hyperlink: null,
        rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
      },
      creator,
      now,
      'abc123',
    );
    expect(event.rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=10');
    expect(eventFromRow({ ...event }).rrule).toBe('FREQ=WEEKLY;BYDAY=TU;COUNT=10');
  });
});

describe('eventFromRow', () => {
  it('keeps the fields the calendar shows and makes missing ones safe to render', () => {
    const row = {
      id: 'event_1',
      userId: 'u1',
      eventName: 'Camp',
      eventDate: '2026-07-04',
      eventTime: '19:30',
      hyperlink: null,
      creatorName: 'Kim',
      createdAt: '2026-06-01T00:00:00.000Z',
      sequence: 3,
    };
    expect(eventFromRow(row)).toEqual({
      ...row,
      sequence: undefined,
      allDay: false,
      endDate: null,
      endTime: null,
      location: null,
      description: null,
      category: null,
      status: 'confirmed',
      cancelReason: null,
      rrule: null,
      rsvpDeadline: null,
      capacity: null,
    });
    expect(eventFromRow({ id: 7, eventName: null })).toEqual({
      id: '7',
      userId: '',
      eventName: '',
      eventDate: '',
      eventTime: '',
      hyperlink: null,
      creatorName: '',
      createdAt: '',
      allDay: false,
      endDate: null,
      endTime: null,
      location: null,
      description: null,
      category: null,
      status: 'confirmed',
      cancelReason: null,
      rrule: null,
      rsvpDeadline: null,
      capacity: null,
    });
  });

  it('reads the details and refuses a category the calendar does not know', () => {
    const event = eventFromRow({
      id: 'e',
      endTime: '20:30',
      location: 'Scout Hall',
      description: 'Bring a torch',
      category: 'campout',
      status: 'cancelled',
      cancelReason: 'Storm',
    });
    expect(event).toMatchObject({
      endTime: '20:30',
      location: 'Scout Hall',
      description: 'Bring a torch',
      category: 'campout',
      status: 'cancelled',
      cancelReason: 'Storm',
    });
    expect(eventFromRow({ id: 'e', category: 'party', status: 'odd' })).toMatchObject({
      category: null,
      status: 'confirmed',
    });
  });
});
