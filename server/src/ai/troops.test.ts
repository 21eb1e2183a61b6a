/**
 * AI budgets and usage are a troop's (docs/decisions/065-troops.md): what a member spends in one
 * troop counts nothing against their budget in another, a troop's admins read their troop's
 * usage only, and what a troop's calls make is stored in that troop's storage.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addUnit, joinUnit } from '../../test/troops.ts';
import { bearer, buildAiTestApp, type AiTestApp } from '../../test/ai.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('AI per troop (%s)', (kind) => {
  let t: AiTestApp | undefined;
  afterEach(async () => t?.close());

  /** Troop 45 beside the first troop: Lee leads both; each troop has an admin of its own. */
  async function twoTroops(env: Record<string, string> = {}) {
    const app = await buildAiTestApp(kind, { env });
    t = app;
    app.clock.set(Date.parse('2026-06-01T12:00:00Z'));
    await addUnit(app, { id: 't45', number: '45', projectId: 'troop-45' });
    const lee = await bearer(app, 'lee', 'leader');
    const firstAdmin = await bearer(app, 'admin-1', 'admin');
    const admin45 = await bearer(app, 'admin-45', 'user');
    await joinUnit(app, 'lee', 't45', 'leader');
    await joinUnit(app, 'admin-45', 't45', 'admin');
    return { app, lee, firstAdmin, admin45 };
  }

  it("a member's daily budget in one troop is not spent by their calls in another", async () => {
    const { app, lee } = await twoTroops({ AI_DAILY_TOKENS: '20' });
    // Each answer costs 11 tokens by the simulation's count: 11, then 22, then no more.
    expect((await app.post('/text', { prompt: 'Plan a hike' }, lee)).statusCode).toBe(200);
    expect((await app.post('/text', { prompt: 'Plan a hike' }, lee)).statusCode).toBe(200);
    expect((await app.post('/text', { prompt: 'Plan a hike' }, lee)).statusCode).toBe(429);
    const there = await app.post('/text', { prompt: 'Plan a hike' }, lee, 'troop-45');
    expect(there.statusCode).toBe(200);
  });

  it("a troop's admins read their troop's usage, none of another troop's", async () => {
    const { app, lee, firstAdmin, admin45 } = await twoTroops();
    await app.post('/text', { prompt: 'a' }, lee);
    await app.post('/text', { prompt: 'b' }, lee);
    await app.post('/text', { prompt: 'c' }, lee, 'troop-45');
    const usage = async (projectId: string, auth: string) => {
      const res = await app.app.inject({
        method: 'GET',
        url: `/api/ai/${projectId}/usage`,
        headers: { authorization: auth },
      });
      expect(res.statusCode).toBe(200);
      return res.json<{ usage: { userId: string; requests: number }[] }>().usage;
    };
    expect(await usage('troop-45', admin45)).toEqual([
      expect.objectContaining({ userId: 'lee', requests: 1 }),
    ]);
    expect(await usage(app.deps.config.projectId, firstAdmin)).toEqual([
      expect.objectContaining({ userId: 'lee', requests: 2 }),
    ]);
    const { rows } = await app.deps.store.query<{ troop_id: string; n: number | string }>(
      'SELECT troop_id, COUNT(*) AS n FROM ai_usage GROUP BY troop_id ORDER BY troop_id',
    );
    expect(rows.map((r) => [r.troop_id, Number(r.n)])).toEqual([
      ['t45', 1],
      ['troop-1', 2],
    ]);
  });

  it("what a troop's call makes is served from that troop's storage address", async () => {
    const { app, lee } = await twoTroops();
    const res = await app.post('/speech', { text: 'Welcome to camp' }, lee, 'troop-45');
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url.startsWith('https://troop.example/api/storage/troop-45/object/')).toBe(true);
    const file = await app.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(file.statusCode).toBe(200);
  });
});
