import { describe, expect, it } from 'vitest';
import { createCalendar, fileNameFromDisposition } from './calendar.ts';
import { createClient } from './client.ts';
import { ScoutError } from './errors.ts';
import { HttpClient } from './http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../test/fake-api.ts';
import { FakeAuthServer } from '../test/fake-auth-server.ts';
import { FakeStorage, FakeWindow } from '../test/fake-browser.ts';

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
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return { api, calendar: createCalendar(http, 'troop-42') };
}

async function rejection(p: Promise<unknown>): Promise<ScoutError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ScoutError);
  return err as ScoutError;
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
    const api = new FakeApi();
    new FakeAuthServer(api);
    const client = createClient({
      projectId: 'troop-42',
      baseUrl: BASE_URL,
      fetch: api.fetch,
      window: new FakeWindow('https://app.scout.test/', new FakeStorage()),
    });
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
