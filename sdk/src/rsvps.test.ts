import { describe, expect, it } from 'vitest';
import type { RsvpSummary } from './rsvps.ts';
import { createRsvps } from './rsvps.ts';
import { ScoutError } from './errors.ts';
import { HttpClient } from './http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../test/fake-api.ts';

const BASE = '/api/calendar/troop-42/events';
const summary: RsvpSummary = {
  eventId: 'meet',
  occurrence: '2026-03-10',
  deadline: null,
  closed: false,
  capacity: 12,
  placesLeft: 11,
  counts: { youthGoing: 1, adultsGoing: 0, maybe: 0, notGoing: 0, noAnswer: 6, waitlisted: 0 },
  answers: [
    {
      attendee: 'scout:sam',
      name: 'Sam Able',
      youth: true,
      answer: 'going',
      note: null,
      waitlisted: false,
      waitlistPosition: null,
      answeredAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  mine: [],
  canManage: false,
  noAnswer: null,
};

function setup() {
  const api = new FakeApi();
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return { api, rsvps: createRsvps(http, 'troop-42') };
}

async function rejection(p: Promise<unknown>): Promise<ScoutError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ScoutError);
  return err as ScoutError;
}

describe('rsvps', () => {
  it('reads the answers of one occurrence with the token', async () => {
    const { api, rsvps } = setup();
    api.on('GET', `${BASE}/meet/rsvps`, () => jsonReply(200, summary));
    expect(await rsvps.get('meet', '2026-03-10')).toEqual(summary);
    expect(api.requests[0]!.query.get('occurrence')).toBe('2026-03-10');
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('answers with one PUT and hands back the new summary', async () => {
    const { api, rsvps } = setup();
    api.on('PUT', `${BASE}/a%2Fb/rsvps`, () => jsonReply(200, summary));
    const input = { attendee: 'scout:sam', answer: 'going' as const, note: 'Late' };
    expect(await rsvps.answer('a/b', input)).toEqual(summary);
    expect(api.requests[0]!.body).toEqual(input);
    expect(api.requests[0]!.query.has('occurrence')).toBe(false);
  });

  it('sends an answer again after a failed attempt, since setting it twice changes nothing', async () => {
    const { api, rsvps } = setup();
    api.on('PUT', `${BASE}/meet/rsvps`, (_req, i) =>
      i === 0 ? errorReply(503, 'SERVICE_UNAVAILABLE', 'Busy') : jsonReply(200, summary),
    );
    await rsvps.answer('meet', { attendee: 'user:ann', answer: 'maybe' });
    expect(api.requests).toHaveLength(2);
  });

  it('passes the server refusals on as they are', async () => {
    const { api, rsvps } = setup();
    api.on('PUT', `${BASE}/meet/rsvps`, () =>
      errorReply(409, 'RSVP_CLOSED', 'Answers for this event are closed.'),
    );
    const err = await rejection(rsvps.answer('meet', { attendee: 'user:ann', answer: 'going' }));
    expect(err).toMatchObject({ status: 409, code: 'RSVP_CLOSED' });
    expect(api.requests).toHaveLength(1);
  });

  it('downloads the CSV under the name the server gives it', async () => {
    const { api, rsvps } = setup();
    const csv = '\uFEFF"Name","Answer"\r\n"Sam Able","Going"\r\n';
    api.on(
      'GET',
      `${BASE}/meet/rsvps.csv`,
      () =>
        new Response(csv, {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="troop-meeting-2026-03-10-rsvps.csv"',
          },
        }),
    );
    const file = await rsvps.exportCsv('meet', '2026-03-10');
    expect(file.name).toBe('troop-meeting-2026-03-10-rsvps.csv');
    expect(await file.text()).toContain('"Sam Able","Going"');
    expect(api.requests[0]!.query.get('occurrence')).toBe('2026-03-10');
  });

  it('nudges once: the occurrence in the body, and a second nudge the same day refused by code', async () => {
    const { api, rsvps } = setup();
    let calls = 0;
    api.on('POST', `${BASE}/meet/rsvps/nudge`, () =>
      calls++ === 0
        ? jsonReply(200, { households: 2, adults: 3, nextAt: '2026-03-09T12:00:00.000Z' })
        : errorReply(
            429,
            'RSVP_NUDGE_TOO_SOON',
            'A nudge for this event went out less than a day ago.',
          ),
    );
    expect(await rsvps.nudge('meet', '2026-03-10')).toEqual({
      households: 2,
      adults: 3,
      nextAt: '2026-03-09T12:00:00.000Z',
    });
    expect(api.requests[0]!.body).toEqual({ occurrence: '2026-03-10' });
    expect((await rejection(rsvps.nudge('meet', '2026-03-10'))).code).toBe('RSVP_NUDGE_TOO_SOON');
    expect(api.requests).toHaveLength(2);
  });

  it("reads the household's answers of a window in one request, and refuses a reply of another shape", async () => {
    const { api, rsvps } = setup();
    const mine = {
      people: [{ attendee: 'scout:sam', name: 'Sam Able', youth: true }],
      answers: [
        {
          eventId: 'meet',
          occurrence: '2026-03-10',
          attendee: 'scout:sam',
          answer: 'going',
          waitlisted: false,
        },
      ],
      going: [{ eventId: 'meet', occurrence: '2026-03-10', count: 4 }],
    };
    let calls = 0;
    api.on('GET', '/api/calendar/troop-42/rsvps/mine', () =>
      calls++ === 0 ? jsonReply(200, mine) : jsonReply(200, { people: [] }),
    );
    expect(await rsvps.mine({ from: '2026-03-01', to: '2026-03-31' })).toEqual(mine);
    expect(Object.fromEntries(api.requests[0]!.query)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect((await rejection(rsvps.mine({ from: '2026-03-01', to: '2026-03-31' }))).code).toBe(
      'INTERNAL_ERROR',
    );
  });

  it('refuses a call without an event id before sending anything', async () => {
    const { api, rsvps } = setup();
    const err = await rejection(rsvps.get(''));
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(api.requests).toHaveLength(0);
  });

  it('refuses an answer that is not a summary', async () => {
    const { api, rsvps } = setup();
    api.on('GET', `${BASE}/meet/rsvps`, () => jsonReply(200, { ok: true }));
    expect((await rejection(rsvps.get('meet'))).code).toBe('INTERNAL_ERROR');
  });
});
