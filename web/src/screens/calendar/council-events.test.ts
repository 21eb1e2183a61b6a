import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { DEFAULT_ROLES_CONFIG } from '@scout/protocol/permissions';
import { tableGrant } from '@scout/protocol/table-grants';
import type { CalendarEvent } from './calendar-event.ts';
import { councilLabel, councilNames, markCouncilEvents } from './council-events.ts';
import { eventControls } from './event-controls.ts';

const occurrence = (o: Partial<CalendarOccurrence>): CalendarOccurrence => ({
  eventId: 'e',
  seriesId: null,
  occurrenceDate: null,
  rrule: null,
  date: '2031-05-10',
  time: '09:00',
  endDate: '2031-05-10',
  endTime: null,
  allDay: false,
  name: 'Event',
  location: null,
  description: null,
  category: null,
  status: 'confirmed',
  cancelReason: null,
  hyperlink: null,
  rsvpDeadline: null,
  capacity: null,
  creatorName: null,
  userId: 'lee',
  ...o,
});

const event = (e: Partial<CalendarEvent>): CalendarEvent => ({
  id: 'e',
  userId: 'lee',
  eventName: 'Event',
  eventDate: '2031-05-10',
  eventTime: '09:00',
  hyperlink: null,
  creatorName: 'Lee',
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
  ...e,
});

describe("a council's events in the troop's calendar", () => {
  const names = councilNames([
    occurrence({ eventId: 'jamboree', council: 'Lakeside Council' }),
    occurrence({
      eventId: 'roundtable',
      seriesId: 'roundtable',
      occurrenceDate: '2031-05-12',
      council: 'Lakeside Council',
    }),
    occurrence({ eventId: 'meeting' }),
  ]);

  it("carry the council's name, single events and a series' occurrences alike; the troop's own do not", () => {
    const [jamboree, roundtable, meeting] = markCouncilEvents(
      [
        event({ id: 'jamboree' }),
        event({
          id: 'roundtable:2031-05-12',
          occurrence: { seriesId: 'roundtable', date: '2031-05-12' },
        }),
        event({ id: 'meeting' }),
      ],
      names,
    );
    expect(jamboree?.council).toBe('Lakeside Council');
    expect(roundtable?.council).toBe('Lakeside Council');
    expect(meeting).not.toHaveProperty('council');
    expect(councilLabel('Lakeside Council')).toBe('Council: Lakeside Council');
  });

  it('offer no change, even to a leader who changes every event of the troop', () => {
    const leader = {
      update: tableGrant(DEFAULT_ROLES_CONFIG, 'admin', 'calendar_events', 'update'),
      delete: tableGrant(DEFAULT_ROLES_CONFIG, 'admin', 'calendar_events', 'delete'),
    };
    const [council] = markCouncilEvents([event({ id: 'jamboree' })], names);
    expect(eventControls(council as CalendarEvent, 'ann', leader)).toEqual({
      edit: false,
      cancel: false,
      delete: false,
    });
    expect(eventControls(event({ id: 'meeting' }), 'ann', leader)).toEqual({
      edit: true,
      cancel: true,
      delete: true,
    });
  });
});
