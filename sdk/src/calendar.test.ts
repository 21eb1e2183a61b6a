import { describe, expect, it } from 'vitest';
import { createCalendar, fileNameFromDisposition } from './calendar.ts';
import { FakeApi, errorReply, jsonReply, signedInHttp, rejection } from '../test/fake-api.ts';
import { clientInBrowser } from '../test/browser-client.ts';

const FEED_URL = '/api/calendar/troop-42/feed-url';
const RESET = '/api/calendar/troop-42/feed-url/reset';
const urls = {
  httpsUrl: 'https://troop.example/api/calendar/troop-42/feed/abc.ics',
  webcalUrl: 'webcal://troop.example/api/calendar/troop-42/feed/abc.ics',
};
const ICS =
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Camp Out\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

function setup() {
  const api = new FakeApi();
  const http = signedInHttp(api);
  return { api, calendar: createCalendar(http, 'troop-42') };
}

describe('calendar feed address', () => {
  it('asks for the address with the bearer token and answers both forms', async () => {
    const { api, calendar } = setup();
    api.on('GET', FEED_URL, () => jsonReply(200, urls));
    expect(await calendar.getFeedUrl()).toEqual(urls);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('resets with one POST that is never repeated, and answers the new address', async () => {
    const { api, calendar } = setup();
    const fresh = { httpsUrl: `${urls.httpsUrl}?2`, webcalUrl: `${urls.webcalUrl}?2` };
    api.on('POST', RESET, () => jsonReply(200, fresh));
    expect(await calendar.resetFeedUrl()).toEqual(fresh);
    api.on('POST', RESET, () => errorReply(503, 'SERVICE_UNAVAILABLE', 'busy'));
    const err = await rejection(calendar.resetFeedUrl());
    expect(err.status).toBe(503);
    expect(api.calls('POST', RESET)).toHaveLength(2);
  });

  it('passes a refusal on as a ScoutError and rejects an answer without addresses', async () => {
    const { api, calendar } = setup();
    api.on('GET', FEED_URL, () =>
      errorReply(403, 'FORBIDDEN', 'Calendar feeds belong to a signed-in user'),
    );
    expect(await rejection(calendar.getFeedUrl())).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      userMessage: 'Calendar feeds belong to a signed-in user',
    });
    api.on('GET', FEED_URL, () => jsonReply(200, { httpsUrl: urls.httpsUrl }));
    expect((await rejection(calendar.getFeedUrl())).code).toBe('INTERNAL_ERROR');
  });
});

describe('calendar.downloadEventIcs', () => {
  it('downloads the event file with the token and keeps the name the server gives it', async () => {
    const { api, calendar } = setup();
    api.on(
      'GET',
      '/api/calendar/troop-42/events/event_1_ab.ics',
      () =>
        new Response(ICS, {
          status: 200,
          headers: {
            'Content-Type': 'text/calendar; charset=utf-8',
            'Content-Disposition': 'attachment; filename="Camp Out.ics"',
          },
        }),
    );
    const file = await calendar.downloadEventIcs('event_1_ab');
    expect(file).toBeInstanceOf(Blob);
    expect(file.name).toBe('Camp Out.ics');
    expect(file.type).toMatch(/^text\/calendar/);
    expect(await file.text()).toBe(ICS);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('escapes the id into one path segment and names a file without a disposition event.ics', async () => {
    const { api, calendar } = setup();
    api.on('GET', /^\/api\/calendar\/troop-42\/events\//, () => new Response(ICS, { status: 200 }));
    const file = await calendar.downloadEventIcs('a/b?c');
    expect(api.requests[0]!.path).toBe('/api/calendar/troop-42/events/a%2Fb%3Fc.ics');
    expect(file.name).toBe('event.ics');
  });

  it('turns a missing event into an error and refuses an empty id before sending', async () => {
    const { api, calendar } = setup();
    api.on('GET', /\/events\//, () => errorReply(404, 'NOT_FOUND', 'Event not found'));
    expect(await rejection(calendar.downloadEventIcs('event_gone'))).toMatchObject({
      status: 404,
      userMessage: 'Event not found',
    });
    const requests = api.requests.length;
    expect((await rejection(calendar.downloadEventIcs(''))).kind).toBe('validation');
    expect(api.requests).toHaveLength(requests);
  });
});

describe('fileNameFromDisposition', () => {
  it('reads quoted, bare and UTF-8 encoded names', () => {
    expect(fileNameFromDisposition('attachment; filename="Camp Out.ics"')).toBe('Camp Out.ics');
    expect(fileNameFromDisposition('attachment; filename=camp.ics')).toBe('camp.ics');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''Caf%C3%A9.ics")).toBe('Café.ics');
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });
});

describe('client.calendar', () => {
  it("is part of createClient and sends the signed-in user's token", async () => {
    const { api, client } = clientInBrowser();
    try {
      api.on('GET', FEED_URL, () => jsonReply(200, urls));
      await client.auth.ready();
      await client.auth.signInWithEmail('kim@troop42.test', 'correct horse');
      expect(await client.calendar.getFeedUrl()).toEqual(urls);
      expect(api.calls('GET', FEED_URL)[0]!.headers.authorization).toMatch(/^Bearer access-\d+$/);
    } finally {
      client.auth.dispose();
    }
  });
});

describe('calendar occurrences', () => {
  const BASE = '/api/calendar/troop-42';
  const occurrence = {
    eventId: 'meet',
    seriesId: 'meet',
    occurrenceDate: '2026-03-10',
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    date: '2026-03-10',
    time: '19:00',
    endDate: '2026-03-10',
    endTime: '20:30',
    allDay: false,
    name: 'Troop meeting',
    location: 'Scout Hall',
    description: null,
    category: 'meeting',
    status: 'confirmed',
    cancelReason: null,
    hyperlink: null,
    creatorName: 'Ann',
    userId: 'ann',
  };

  it('lists the occurrences of a window', async () => {
    const { api, calendar } = setup();
    api.on('GET', `${BASE}/occurrences`, () =>
      jsonReply(200, { from: '2026-03-01', to: '2026-03-31', occurrences: [occurrence] }),
    );
    expect(await calendar.listOccurrences('2026-03-01', '2026-03-31')).toEqual([occurrence]);
    expect(api.requests[0]!.query.get('from')).toBe('2026-03-01');
    expect(api.requests[0]!.query.get('to')).toBe('2026-03-31');
  });

  it('edits (its repeat rule too), cancels and deletes with the scope in the query', async () => {
    const { api, calendar } = setup();
    const path = `${BASE}/events/meet/occurrences/2026-03-10`;
    api.on('PATCH', path, () => jsonReply(200, { changes: [] }));
    api.on('POST', `${path}/cancel`, () => jsonReply(200, { changes: [] }));
    api.on('DELETE', path, () => jsonReply(200, { changes: [] }));
    await calendar.editOccurrence('meet', '2026-03-10', 'following', { eventTime: '18:00' });
    await calendar.editOccurrence('meet', '2026-03-10', 'following', {
      rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=10',
    });
    await calendar.cancelOccurrence('meet', '2026-03-10', 'this', 'Storm');
    await calendar.deleteOccurrence('meet', '2026-03-10', 'all');
    expect(api.requests.map((r) => [r.method, r.query.get('scope'), r.body])).toEqual([
      ['PATCH', 'following', { changes: { eventTime: '18:00' } }],
      ['PATCH', 'following', { changes: { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=10' } }],
      ['POST', 'this', { reason: 'Storm' }],
      ['DELETE', 'all', undefined],
    ]);
  });
});
