import { describe, expect, it } from 'vitest';
import { ScoutError } from './errors.ts';
import { HttpClient } from './http.ts';
import { createHouseholds } from './households.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../test/fake-api.ts';

const scout = {
  id: 's 1',
  firstName: 'Robin',
  lastName: 'Avery',
  patrol: 'Owls',
  birthYear: 2014,
  notes: null,
  hasAccount: false,
  noPhotos: false,
  mayPost: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const household = {
  id: 'h1',
  name: 'Pat household',
  role: 'adult',
  adults: [{ userId: 'pat', name: 'Pat', email: 'pat@troop42.test', joinedAt: 'now' }],
  scouts: [scout],
  invitations: [],
};

function setup() {
  const api = new FakeApi();
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return { api, households: createHouseholds(http, 'troop 42') };
}

describe('households', () => {
  it('reads the caller’s household with the bearer token', async () => {
    const { api, households } = setup();
    api.on('GET', '/api/households/troop%2042/mine', () => jsonReply(200, { household }));
    expect(await households.mine()).toEqual(household);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('adds, changes and removes a scout, naming it in the path', async () => {
    const { api, households } = setup();
    api.on('POST', '/api/households/troop%2042/mine/scouts', (req) =>
      jsonReply(200, { scout: { ...scout, ...(req.body as object) } }),
    );
    api.on('PATCH', '/api/households/troop%2042/mine/scouts/s%201', (req) =>
      jsonReply(200, { scout: { ...scout, ...(req.body as object) } }),
    );
    api.on('DELETE', '/api/households/troop%2042/mine/scouts/s%201', () =>
      jsonReply(200, { scout }),
    );
    expect(await households.addScout({ firstName: 'Robin', lastName: 'Avery' })).toMatchObject({
      firstName: 'Robin',
    });
    expect(api.requests[0]!.body).toEqual({ firstName: 'Robin', lastName: 'Avery' });
    expect(await households.updateScout('s 1', { patrol: null })).toMatchObject({ patrol: null });
    expect(await households.updateScout('s 1', { noPhotos: true, mayPost: true })).toMatchObject({
      noPhotos: true,
      mayPost: true,
    });
    expect(api.requests[2]!.body).toEqual({ noPhotos: true, mayPost: true });
    expect(api.requests[1]!.body).toEqual({ patrol: null });
    expect(await households.removeScout('s 1')).toEqual(scout);
  });

  it('makes, withdraws, checks and accepts invitations', async () => {
    const { api, households } = setup();
    const invitation = { id: 'i1', kind: 'adult', scoutId: null, email: 'kim@troop42.test' };
    api.on('POST', '/api/households/troop%2042/mine/invitations', () =>
      jsonReply(200, { invitation, url: 'https://troop/?family=t' }),
    );
    api.on('DELETE', '/api/households/troop%2042/mine/invitations/i1', () =>
      jsonReply(200, { invitation }),
    );
    api.on('POST', '/api/households/troop%2042/invitations/check', () =>
      jsonReply(200, { usable: true, kind: 'adult', householdName: 'Pat household' }),
    );
    api.on('POST', '/api/households/troop%2042/invitations/accept', () =>
      jsonReply(200, { household }),
    );
    const made = await households.invitations.create({ kind: 'adult', email: 'kim@troop42.test' });
    expect(made.url).toBe('https://troop/?family=t');
    expect(api.requests[0]!.body).toEqual({ kind: 'adult', email: 'kim@troop42.test' });
    expect(await households.invitations.revoke('i1')).toEqual(invitation);
    expect(await households.invitations.check('t')).toMatchObject({ usable: true });
    expect(api.requests[2]!.body).toEqual({ token: 't' });
    expect(await households.invitations.accept('t')).toEqual(household);
    expect(api.requests[3]!.headers.authorization).toBe('Bearer access-1');
  });

  it('passes a refused acceptance on as a ScoutError with its code and words', async () => {
    const { api, households } = setup();
    api.on('POST', '/api/households/troop%2042/invitations/accept', () =>
      errorReply(403, 'HOUSEHOLD_INVITATION_OTHER_ACCOUNT', 'sent to another email address'),
    );
    const err = await households.invitations.accept('t').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScoutError);
    expect(err).toMatchObject({ status: 403, code: 'HOUSEHOLD_INVITATION_OTHER_ACCOUNT' });
  });

  it('removes an adult, lists every scout for leaders and the roster for members', async () => {
    const { api, households } = setup();
    api.on('DELETE', '/api/households/troop%2042/mine/adults/pat', () =>
      jsonReply(200, { adult: household.adults[0] }),
    );
    api.on('GET', '/api/households/troop%2042/scouts', () =>
      jsonReply(200, { scouts: [{ ...scout, householdId: 'h1' }] }),
    );
    api.on('GET', '/api/households/troop%2042/roster', () =>
      jsonReply(200, { scouts: [{ id: 's 1', firstName: 'Robin', lastName: 'Avery' }] }),
    );
    expect((await households.removeAdult('pat')).userId).toBe('pat');
    expect((await households.troopScouts())[0]).toMatchObject({ householdId: 'h1' });
    expect(await households.roster()).toEqual([
      { id: 's 1', firstName: 'Robin', lastName: 'Avery' },
    ]);
  });
});
