import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { MyTroops } from '@scout/protocol/troops';
import { myTroopsQuery, platformAdminQuery } from './my-troops-query.ts';

describe("the signed-in person's troops", () => {
  it('are read once for the troop list and the platform-admin check together', async () => {
    const answer: MyTroops = { troops: [], platformAdmin: true };
    let calls = 0;
    const source = {
      myTroops: async () => {
        calls++;
        return answer;
      },
    };
    const client = new QueryClient();
    const troops = new QueryObserver(client, myTroopsQuery(source, 'u1'));
    const admin = new QueryObserver(client, platformAdminQuery(source, 'u1'));
    const seen = {
      troops: new Promise((done) => troops.subscribe((r) => r.isSuccess && done(r.data))),
      admin: new Promise((done) => admin.subscribe((r) => r.isSuccess && done(r.data))),
    };
    expect(await seen.troops).toEqual(answer);
    expect(await seen.admin).toBe(true);
    expect(calls).toBe(1);
    client.clear();
  });
});
