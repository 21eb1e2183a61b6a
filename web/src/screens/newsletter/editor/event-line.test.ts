import { describe, expect, it } from 'vitest';
import { eventKey, eventLine, eventTitles } from './event-line.ts';

describe('eventLine', () => {
  it('links a single event by its id', () => {
    expect(
      eventLine({ eventId: 'camp-1', seriesId: null, occurrenceDate: null, name: 'Autumn camp' }),
    ).toBe('[Autumn camp](/calendar/events/camp-1)');
  });
  it('links one meeting of a series by the series and its date', () => {
    expect(
      eventLine({
        eventId: 'chg-9',
        seriesId: 'meet',
        occurrenceDate: '2026-12-08',
        name: 'Troop meeting',
      }),
    ).toBe('[Troop meeting](/calendar/events/meet/2026-12-08)');
  });
  it('escapes the title so the link stays one link', () => {
    expect(
      eventLine({ eventId: 'a b', seriesId: null, occurrenceDate: null, name: 'Hike [day 2]\n' }),
    ).toBe('[Hike \\[day 2\\]](/calendar/events/a%20b)');
  });
});

describe('eventTitles', () => {
  it("reads each event link's words by event and date, as the preview's parts name them", () => {
    const body = [
      '[Hike \\[day 2\\]](/calendar/events/a%20b)',
      'See [Troop meeting](/calendar/events/meet/2026-12-08) and [a site](https://example.org).',
    ].join('\n\n');
    const titles = eventTitles(body);
    expect(titles.get(eventKey({ id: 'a b' }))).toBe('Hike [day 2]');
    expect(titles.get(eventKey({ id: 'meet', date: '2026-12-08' }))).toBe('Troop meeting');
    expect(titles.size).toBe(2);
  });
});
