import { describe, expect, it } from 'vitest';
import { ScoutError } from './errors.ts';
import { HttpClient } from './http.ts';
import { createTroops } from './troops.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../test/fake-api.ts';

const troop = {
  projectId: 'troop-45',
  kind: 'troop',
  number: '45',
  name: 'Troop 45 Riverside',
  timeZone: 'America/Denver',
};

function setup() {
  const api = new FakeApi();
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  http.useTokens({
    getValidAccessToken: async () => 'access-1',
    refreshAfterRejection: async () => null,
  });
  return { api, troops: createTroops(http, 'troop 45') };
}

describe('troops', () => {
  it('reads the troop called with, without the bearer token', async () => {
    const { api, troops } = setup();
    api.on('GET', '/api/troops/troop%2045', () => jsonReply(200, { troop }));
    expect(await troops.current()).toEqual(troop);
    expect(api.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('lists the person’s troops with the bearer token', async () => {
    const { api, troops } = setup();
    const mine = [{ ...troop, role: 'leader', status: 'active' }];
    api.on('GET', '/api/troops/troop%2045/mine', () =>
      jsonReply(200, { troops: mine, platformAdmin: false }),
    );
    expect(await troops.mine()).toEqual(mine);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('says whether the person is the platform admin, from their troops', async () => {
    const { api, troops } = setup();
    let platformAdmin = true;
    api.on('GET', '/api/troops/troop%2045/mine', () =>
      jsonReply(200, { troops: [], platformAdmin }),
    );
    expect(await troops.isPlatformAdmin()).toBe(true);
    platformAdmin = false;
    expect(await troops.isPlatformAdmin()).toBe(false);
    expect(await troops.myTroops()).toEqual({ troops: [], platformAdmin: false });
  });

  it('lists the server’s units for the platform admin', async () => {
    const { api, troops } = setup();
    const all = [
      { ...troop, kind: 'council', projectId: 'council-1', councilProjectId: null, members: 2 },
      { ...troop, councilProjectId: 'council-1', members: 9 },
    ];
    api.on('GET', '/api/troops/troop%2045/all', () => jsonReply(200, { troops: all }));
    expect(await troops.all()).toEqual(all);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('reads the council’s overview, and a troop’s events in a window', async () => {
    const { api, troops } = setup();
    const overview = {
      council: { ...troop, kind: 'council' },
      troops: [
        {
          projectId: 'troop-7',
          number: '7',
          name: 'Troop 7',
          timeZone: 'America/Denver',
          members: 4,
          upcomingEvents: 2,
          answerRate: 0.5,
        },
      ],
    };
    api.on('GET', '/api/troops/troop%2045/overview', () => jsonReply(200, overview));
    expect(await troops.overview()).toEqual(overview);

    const events = [
      { id: 'e1', title: 'Hike', date: '2026-12-05', time: null, location: null, cancelled: false },
    ];
    api.on('GET', '/api/troops/troop%2045/troops/troop%207/events', (req) =>
      req.query.get('from') === '2026-12-01' && req.query.get('to') === '2026-12-31'
        ? jsonReply(200, { events })
        : errorReply(400, 'VALIDATION_ERROR', 'bad window'),
    );
    expect(
      await troops.councilTroopEvents('troop 7', { from: '2026-12-01', to: '2026-12-31' }),
    ).toEqual(events);
  });

  it('makes a council and a troop of it', async () => {
    const { api, troops } = setup();
    api.on('POST', '/api/troops/troop%2045', () => jsonReply(200, { troop, leader: null }));
    await troops.create({ projectId: 'c1', number: '1', name: 'Council', kind: 'council' });
    await troops.create({ projectId: 't9', number: '9', name: 'T 9', councilProjectId: 'c1' });
    expect(api.requests.map((r) => r.body)).toEqual([
      { projectId: 'c1', number: '1', name: 'Council', kind: 'council' },
      { projectId: 't9', number: '9', name: 'T 9', councilProjectId: 'c1' },
    ]);
  });

  it('makes a troop, and a refusal arrives as a ScoutError', async () => {
    const { api, troops } = setup();
    const input = { projectId: 'pack_7', number: '7', name: 'Pack 7', leaderEmail: 'a@p7.org' };
    const made = { troop: { ...troop, projectId: 'pack_7' }, leader: null };
    api.on('POST', '/api/troops/troop%2045', (req) =>
      (req.body as { projectId: string }).projectId === 'pack_7'
        ? jsonReply(200, made)
        : errorReply(409, 'CONFLICT', 'taken'),
    );
    expect(await troops.create(input)).toEqual(made);
    expect(api.requests[0]!.body).toEqual(input);
    const refused = await troops.create({ ...input, projectId: 'troop-45' }).catch((e) => e);
    expect(refused).toBeInstanceOf(ScoutError);
    expect(refused).toMatchObject({ code: 'CONFLICT' });
  });

  it('lists, confirms and refuses the troops waiting for a council, for its admins', async () => {
    const { api, troops } = setup();
    const waiting = [
      {
        ...troop,
        projectId: 'troop-45',
        registeredBy: { email: 'pat@example.org', displayName: 'Pat' },
        registeredAt: '2026-11-29T10:00:00.000Z',
      },
    ];
    api.on('GET', '/api/troops/troop%2045/waiting', () => jsonReply(200, { troops: waiting }));
    api.on('POST', '/api/troops/troop%2045/troops/troop%2046/confirm', () =>
      jsonReply(200, { troop, outcome: 'confirmed' }),
    );
    api.on('POST', '/api/troops/troop%2045/troops/troop%2046/refuse', () =>
      errorReply(409, 'CONFLICT', 'This troop is confirmed already; it is not refused'),
    );
    expect(await troops.waiting()).toEqual(waiting);
    expect(await troops.confirm('troop 46')).toEqual({ troop, outcome: 'confirmed' });
    expect(api.requests[1]!.headers.authorization).toBe('Bearer access-1');
    const refused = await troops.refuse('troop 46').catch((e) => e);
    expect(refused).toBeInstanceOf(ScoutError);
    expect(refused).toMatchObject({ code: 'CONFLICT' });
  });
});
