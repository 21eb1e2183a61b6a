import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { SIMULATED_MP3 } from '../../test/ai-provider-simulation.ts';
import { SERVICE_KEY, bearer, buildAiTestApp, rawPost, type AiTestApp } from '../../test/ai.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('AI budgets, usage and logs (%s)', (kind) => {
  let t: AiTestApp | undefined;
  afterEach(async () => t?.close());

  it('limits each member’s requests a minute: 429 RATE_LIMITED with Retry-After', async () => {
    t = await buildAiTestApp(kind, { env: { AI_REQUESTS_PER_MINUTE: '2' } });
    const leader = await bearer(t, 'leader-1', 'leader');
    const other = await bearer(t, 'leader-2', 'leader');
    expect((await t.post('/text', { prompt: 'a' }, leader)).statusCode).toBe(200);
    t.clock.advance(10_000);
    expect((await t.post('/text', { prompt: 'b' }, leader)).statusCode).toBe(200);
    const refused = await t.post('/text', { prompt: 'c' }, leader);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().message).toMatch(/2 a minute/);
    expect(refused.headers['retry-after']).toBe('50');
    expect(t.sim.requests).toHaveLength(2);
    // Another member is not held back, and the first may ask again once a minute has passed.
    expect((await t.post('/text', { prompt: 'd' }, other)).statusCode).toBe(200);
    t.clock.advance(50_001);
    expect((await t.post('/text', { prompt: 'e' }, leader)).statusCode).toBe(200);
  });

  it('stops a member past the daily token budget until midnight UTC', async () => {
    t = await buildAiTestApp(kind, { env: { AI_DAILY_TOKENS: '20' } });
    t.clock.set(Date.parse('2026-06-01T22:00:00Z'));
    const leader = await bearer(t, 'leader-1', 'leader');
    // Each answer costs 11 tokens by the simulation's count: 11, then 22, then no more.
    expect((await t.post('/text', { prompt: 'Plan a hike' }, leader)).statusCode).toBe(200);
    expect((await t.post('/text', { prompt: 'Plan a hike' }, leader)).statusCode).toBe(200);
    const refused = await t.post('/text', { prompt: 'Plan a hike' }, leader);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/daily AI budget/);
    expect(refused.headers['retry-after']).toBe(String(2 * 3600));
    // Images and the other capabilities count against the same budget.
    expect((await t.post('/image', { prompt: 'x' }, leader)).statusCode).toBe(429);
    // Service keys are the troop's own automation: not limited.
    expect((await t.post('/text', { prompt: 'x' }, `Bearer ${SERVICE_KEY}`)).statusCode).toBe(200);
    t.clock.set(Date.parse('2026-06-02T00:00:01Z'));
    const nextDay = await bearer(t, 'leader-1', 'leader');
    expect((await t.post('/text', { prompt: 'Plan a hike' }, nextDay)).statusCode).toBe(200);
  });

  it('records usage per call and lets admins read it, nothing of prompts or answers kept', async () => {
    t = await buildAiTestApp(kind);
    const leader = await bearer(t, 'leader-1', 'leader');
    const admin = await bearer(t, 'admin-1', 'admin');
    await t.post('/text', { prompt: 'Secret campfire plans' }, leader);
    await t.post('/text', { prompt: 'Secret campfire plans', stream: true }, leader);
    await t.post('/speech', { text: 'Secret campfire plans' }, leader);
    await t.post('/transcribe', { audio: SIMULATED_MP3.toString('base64') }, leader);
    await t.post('/image', { prompt: 'Secret campfire plans' }, `Bearer ${SERVICE_KEY}`);

    const url = `/api/ai/${t.deps.config.projectId}/usage`;
    const denied = await t.app.inject({ method: 'GET', url, headers: { authorization: leader } });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    const { usage } = res.json<{ usage: Record<string, unknown>[] }>();
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(usage).toContainEqual({
      day: today,
      userId: 'leader-1',
      email: 'leader-1@example.org',
      serviceKeyId: null,
      capability: 'text',
      model: 'gpt-4o-mini',
      requests: 2,
      promptTokens: 12,
      completionTokens: 10,
      totalTokens: 22,
    });
    expect(usage).toContainEqual(
      expect.objectContaining({ capability: 'speech', model: 'tts-1', requests: 1 }),
    );
    expect(usage).toContainEqual(
      expect.objectContaining({ capability: 'transcribe', model: 'whisper-1', requests: 1 }),
    );
    expect(usage).toContainEqual(
      expect.objectContaining({
        capability: 'image',
        userId: null,
        serviceKeyId: 'key-1',
        totalTokens: 1000,
      }),
    );
    const rows = await t.deps.store.query('SELECT * FROM ai_usage');
    expect(rows.rows).toHaveLength(5);
    expect(JSON.stringify(rows.rows)).not.toMatch(/campfire|Echo/i);
  });

  it('writes nothing of a prompt or an answer to the log, on success or failure', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await buildAiTestApp(kind, { deps: { logger: pino({ level: 'debug' }, sink) } });
    const leader = await bearer(t, 'leader-1', 'leader');
    const secret = 'Scout Jamie lives at 12 Birch Lane';
    await t.post('/text', { prompt: secret, system: secret }, leader);
    await t.post('/text', { messages: [{ role: 'user', content: secret }], stream: true }, leader);
    t.sim.next({ kind: 'error', status: 400, message: `Refused: ${secret}` });
    await t.post('/text', { prompt: secret }, leader);
    t.sim.next({ kind: 'error', status: 500, message: `Failed on: ${secret}` });
    await t.post('/object', { prompt: secret, schema: { type: 'object' }, stream: true }, leader);
    t.sim.next({ kind: 'cut', chunks: 1 });
    await t.post('/text', { prompt: secret, stream: true }, leader);
    // The growing JSON text ends abnormally when the answer does not fit, or is cut.
    const asText = {
      schema: { type: 'object', required: ['x'] },
      stream: true,
      streamFormat: 'text',
    };
    t.sim.next({ kind: 'json', content: JSON.stringify({ note: secret }) });
    const unfit = await rawPost(t, '/object', { prompt: secret, ...asText }, leader);
    expect(await unfit.ended).toBe('aborted');
    t.sim.next({ kind: 'cut', chunks: 2 });
    const cut = await rawPost(t, '/object', { prompt: secret, ...asText }, leader);
    expect(await cut.ended).toBe('aborted');
    await t.post('/speech', { text: secret }, leader);
    await t.post('/text', { prompt: secret, temperature: 'hot' }, leader);
    const log = lines.join('');
    expect(log).toContain('AI provider answered an error');
    expect(log).toContain('AI object stream ended: the answer does not fit');
    expect(log).not.toContain('Birch');
    expect(log).not.toContain('Jamie');
  });
});
