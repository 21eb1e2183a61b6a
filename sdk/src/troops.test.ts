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
    api.on('GET', '/api/troops/troop%2045/mine', () => jsonReply(200, { troops: mine }));
    expect(await troops.mine()).toEqual(mine);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
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
});
