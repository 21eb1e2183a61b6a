import { describe, expect, it } from 'vitest';
import type { VolunteerSheet } from './volunteer.ts';
import { createVolunteer } from './volunteer.ts';
import { ScoutError } from './errors.ts';
import { HttpClient } from './http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../test/fake-api.ts';

const ROOT = '/api/volunteer/troop-42';
const sheet: VolunteerSheet = {
  eventId: 'camp',
  occurrence: '',
  name: 'Spring campout',
  date: '2026-04-18',
  time: '18:00',
  slots: [],
  seats: { drivers: 0, seatsOffered: 0, youthGoing: 3, adultsGoing: 0, riders: 3, shortBy: 3 },
  canManage: false,
  mine: [{ volunteer: 'user:ann', name: 'Ann', youth: false }],
};

function setup() {
  const api = new FakeApi();
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return { api, volunteer: createVolunteer(http, 'troop-42') };
}

describe('volunteer', () => {
  it('reads a sheet, takes a place with one POST and gives it back, late or not', async () => {
    const { api, volunteer } = setup();
    api.on('GET', `${ROOT}/events/meet/slots`, () => jsonReply(200, sheet));
    api.on('POST', `${ROOT}/slots/s%2F1/take`, () => jsonReply(200, sheet));
    api.on('POST', `${ROOT}/slots/s%2F1/give-back`, () => jsonReply(200, { sheet, late: true }));
    expect(await volunteer.sheet('meet', '2026-03-10')).toEqual(sheet);
    expect(api.requests[0]!.query.get('occurrence')).toBe('2026-03-10');
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
    expect(await volunteer.take('s/1', { volunteer: 'scout:sam' })).toEqual(sheet);
    expect(api.requests[1]!.body).toEqual({ volunteer: 'scout:sam' });
    expect(await volunteer.giveBack('s/1')).toEqual({ sheet, late: true });
    expect(api.requests[2]!.body).toEqual({});
  });

  it('passes the last place taken by someone else on as its code, sent once', async () => {
    const { api, volunteer } = setup();
    api.on('POST', `${ROOT}/slots/s1/take`, () =>
      errorReply(409, 'VOLUNTEER_SLOT_FULL', 'This slot is full.'),
    );
    const err = await volunteer.take('s1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScoutError);
    expect(err).toMatchObject({ status: 409, code: 'VOLUNTEER_SLOT_FULL' });
    expect(api.requests).toHaveLength(1);
  });

  it('nudges for the empty slots of an occurrence; a second the same day refused by code, sent once', async () => {
    const { api, volunteer } = setup();
    const nudge = { openSlots: 2, placesLeft: 3, adults: 5, nextAt: '2026-03-09T12:00:00.000Z' };
    api.on('POST', `${ROOT}/events/meet/slots/nudge`, () =>
      api.requests.length === 1
        ? jsonReply(200, nudge)
        : jsonReply(
            429,
            {
              code: 'VOLUNTEER_NUDGE_TOO_SOON',
              message: 'A nudge for these slots went out less than a day ago.',
              details: '2026-03-10T12:00:00.000Z',
              hint: null,
            },
            { 'Retry-After': '3600' },
          ),
    );
    expect(await volunteer.nudge('meet', '2026-03-10')).toEqual(nudge);
    expect(api.requests[0]!.body).toEqual({ occurrence: '2026-03-10' });
    const err = await volunteer.nudge('meet').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, code: 'VOLUNTEER_NUDGE_TOO_SOON' });
    // When the next may go, as the server said it: its ISO instant and its Retry-After.
    expect(err).toBeInstanceOf(ScoutError);
    expect((err as ScoutError).details).toBe('2026-03-10T12:00:00.000Z');
    expect((err as ScoutError).retryAfterMs).toBe(3_600_000);
    expect(api.requests).toHaveLength(2);
    expect(api.requests[1]!.body).toEqual({});
  });

  it("reads the troop's adults by name, whom a place may be offered to", async () => {
    const { api, volunteer } = setup();
    const adults = [{ userId: 'ann', name: 'Ann' }];
    api.on('GET', `${ROOT}/adults`, () => jsonReply(200, { adults }));
    expect(await volunteer.adults()).toEqual(adults);
    api.on('GET', `${ROOT}/adults`, () => jsonReply(200, { members: [] }));
    await expect(volunteer.adults()).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  it('adds, edits and removes slots, and reads the lists with their window', async () => {
    const { api, volunteer } = setup();
    const slot = { id: 's1', title: 'Snack' };
    api.on('POST', `${ROOT}/events/meet/slots`, () => jsonReply(200, { slot }));
    api.on('PATCH', `${ROOT}/slots/s1`, () => jsonReply(200, { slot }));
    api.on('DELETE', `${ROOT}/slots/s1`, () => jsonReply(200, { slotId: 's1' }));
    api.on('GET', `${ROOT}/open`, () => jsonReply(200, { slots: [] }));
    api.on('GET', `${ROOT}/mine`, () => jsonReply(200, { commitments: [], offers: [] }));
    const input = { title: 'Snack', kind: 'meal' as const, people: 1, occurrence: '*' };
    expect(await volunteer.addSlot('meet', input)).toEqual(slot);
    expect(api.requests[0]!.body).toEqual(input);
    expect(await volunteer.editSlot('s1', { people: 2 })).toEqual(slot);
    await volunteer.removeSlot('s1');
    expect(await volunteer.open({ from: '2026-03-01', limit: 5 })).toEqual({ slots: [] });
    expect(Object.fromEntries(api.requests[3]!.query)).toEqual({ from: '2026-03-01', limit: '5' });
    expect(await volunteer.mine()).toEqual({ commitments: [], offers: [] });
    expect([...api.requests[4]!.query]).toEqual([]);
  });

  it('refuses a reply of another shape and an empty id before sending', async () => {
    const { api, volunteer } = setup();
    api.on('POST', `${ROOT}/slots/s1/take`, () => jsonReply(200, { ok: true }));
    await expect(volunteer.take('s1')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    await expect(volunteer.take('')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(api.requests).toHaveLength(1);
  });
});
