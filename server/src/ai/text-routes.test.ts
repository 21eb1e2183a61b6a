import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_PROMPT_MAX_LENGTH } from '@scout/protocol/limits';
import {
  SERVICE_KEY,
  bearer,
  buildAiTestApp,
  readDataStreamLines,
  readEventStream,
  waitFor,
  type AiTestApp,
} from '../../test/ai.ts';
import { SIMULATED_PNG } from '../../test/ai-provider-simulation.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

describe.each(embeddedStore)('POST /api/ai/:projectId/text (%s)', (kind) => {
  let t: AiTestApp | TestApp | undefined;
  afterEach(async () => t?.close());
  const ai = async (opts: Parameters<typeof buildAiTestApp>[1] = {}) => {
    const app = await buildAiTestApp(kind, opts);
    t = app;
    return app;
  };

  it('answers 503 AI_NOT_CONFIGURED for text and objects when no provider is set, whatever the body', async () => {
    const plain = await buildTestApp({ store: kind });
    t = plain;
    const leader = await bearer(plain, 'leader-1', 'leader');
    for (const [path, payload] of [
      ['/text', { prompt: 'Plan a hike' }],
      ['/text', { prompt: 'Plan a hike', stream: true }],
      ['/text', { nonsense: true }],
      ['/object', { prompt: 'A campsite', schema: { type: 'object' } }],
      ['/object', { prompt: 'A campsite', schema: { type: 'object' }, stream: true }],
      ['/object', { nonsense: true }],
    ] as const) {
      const res = await plain.app.inject({
        method: 'POST',
        url: `/api/ai/${plain.deps.config.projectId}${path}`,
        payload,
        headers: { authorization: leader },
      });
      expect(res.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(503);
      expect(res.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED' });
      expect(res.json().message).toMatch(/AI_BASE_URL/);
    }
  });

  it('needs ai.use: anonymous 401, a member 403, leaders, admins and service keys may', async () => {
    const a = await ai();
    expect((await a.post('/text', { prompt: 'hi' })).statusCode).toBe(401);
    const member = await a.post('/text', { prompt: 'hi' }, await bearer(a, 'scout-1', 'user'));
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toMatch(/ai\.use/);
    expect(a.sim.requests).toHaveLength(0);
    for (const auth of [
      await bearer(a, 'leader-1', 'leader'),
      await bearer(a, 'admin-1', 'admin'),
      `Bearer ${SERVICE_KEY}`,
    ])
      expect((await a.post('/text', { prompt: 'hi' }, auth)).statusCode).toBe(200);
  });

  it('lets a troop give every member ai.use in its roles configuration', async () => {
    const a = await ai({
      config: {
        roles: { defaultRole: 'user', roles: { user: { permissions: ['ai.use'] } } },
      },
    });
    const res = await a.post('/text', { prompt: 'hi' }, await bearer(a, 'scout-1', 'user'));
    expect(res.statusCode).toBe(200);
  });

  it('answers a prompt with text, finish reason and usage, through the default model', async () => {
    const a = await ai({ env: { AI_TEXT_MODEL: 'llama3.2' } });
    const res = await a.post(
      '/text',
      {
        prompt: 'Plan a hike',
        system: 'You help scout leaders',
        model: 'gpt-4.1',
        temperature: 0.2,
      },
      await bearer(a, 'leader-1', 'leader'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      text: 'Echo: Plan a hike',
      finishReason: 'stop',
      usage: { promptTokens: 6, completionTokens: 5, totalTokens: 11 },
    });
    expect(a.sim.requests[0]?.body).toMatchObject({
      model: 'llama3.2',
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'You help scout leaders' },
        { role: 'user', content: 'Plan a hike' },
      ],
    });
  });

  it('maps a model name the client sends to the provider’s', async () => {
    const a = await ai({ env: { AI_MODEL_MAP: 'gpt-4o=qwen2.5:14b' } });
    await a.post('/text', { prompt: 'x', model: 'gpt-4o' }, await bearer(a, 'leader-1', 'leader'));
    expect(a.sim.requests[0]?.body.model).toBe('qwen2.5:14b');
  });

  it('sends messages with images as the provider’s image parts, the images as their bytes', async () => {
    const a = await ai();
    const leader = await bearer(a, 'leader-1', 'leader');
    const knot = (await a.post('/image', { prompt: 'A knot' }, leader)).json().data[0].url;
    const res = await a.post(
      '/text',
      {
        messages: [
          { role: 'user', content: 'Earlier question' },
          { role: 'assistant', content: [{ type: 'text', text: 'Earlier answer' }] },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What knot is this?' },
              { type: 'image', image: knot },
            ],
          },
        ],
        search: true,
        maxSteps: 3,
      },
      leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toBe('Echo: What knot is this?');
    expect(a.sim.requests.at(-1)?.body.messages).toEqual([
      { role: 'user', content: 'Earlier question' },
      { role: 'assistant', content: 'Earlier answer' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What knot is this?' },
          {
            type: 'image_url',
            image_url: { url: `data:image/png;base64,${SIMULATED_PNG.toString('base64')}` },
          },
        ],
      },
    ]);
  });

  it('repeats an empty answer’s fields under result, for older clients', async () => {
    const a = await ai();
    a.sim.next({ kind: 'reply', text: '' });
    const res = await a.post('/text', { prompt: 'x' }, await bearer(a, 'leader-1', 'leader'));
    const body = res.json();
    expect(body.text).toBe('');
    expect(body.result).toEqual({
      text: '',
      finishReason: 'stop',
      usage: body.usage,
    });
  });

  it('refuses bad input with 400 (413 for a huge body) and never asks the provider', async () => {
    const a = await ai();
    const leader = await bearer(a, 'leader-1', 'leader');
    const bad: unknown[] = [
      {},
      { prompt: '' },
      { prompt: 42 },
      { prompt: 'x'.repeat(AI_PROMPT_MAX_LENGTH + 1) },
      { messages: [] },
      { messages: [{ role: 'tool', content: 'x' }] },
      {
        messages: [{ role: 'user', content: [{ type: 'image', image: 'http://x.example/a.png' }] }],
      },
      { messages: [{ role: 'user', content: [{ type: 'image', image: 'not a url' }] }] },
      { messages: [{ role: 'user', content: [{ type: 'video', url: 'https://x.example' }] }] },
      { prompt: 'x', maxTokens: 10_000_000 },
      { prompt: 'x', temperature: -1 },
      { prompt: 'x', stream: 'yes' },
      [1, 2, 3],
    ];
    for (const payload of bad) {
      const res = await a.post('/text', payload, leader);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const notJson = await a.app.inject({
      method: 'POST',
      url: `/api/ai/${a.deps.config.projectId}/text`,
      headers: { authorization: leader, 'content-type': 'application/json' },
      payload: '{"prompt": "x"',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await a.post(
      '/text',
      { prompt: 'x', system: 'y'.repeat(2 * 1024 * 1024) },
      leader,
    );
    expect(huge.statusCode).toBe(413);
    expect(a.sim.requests).toHaveLength(0);
  });

  it('streams one answer both client generations read, line by line', async () => {
    const a = await ai();
    a.sim.next({ kind: 'reply', text: 'Hello troop!' });
    const res = await a.post(
      '/text',
      { prompt: 'Greet us', stream: true },
      await bearer(a, 'leader-1', 'leader'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(a.sim.requests[0]?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
    const usage = { promptTokens: 5, completionTokens: 3, totalTokens: 8 };
    const messageId = /^f:\{"messageId":"(msg-[\w-]+)"\}\n/.exec(res.body)?.[1];
    expect(messageId).toBeDefined();
    expect(res.body).toBe(
      [
        `f:{"messageId":"${messageId}"}\n`,
        `data: {"type":"start","messageId":"${messageId}"}\n\n`,
        'data: {"type":"text-start","id":"0"}\n\n',
        '0:"Hello "\n',
        'data: {"type":"text-delta","id":"0","delta":"Hello "}\n\n',
        '0:"troop!"\n',
        'data: {"type":"text-delta","id":"0","delta":"troop!"}\n\n',
        `d:{"finishReason":"stop","usage":${JSON.stringify(usage)}}\n`,
        'data: {"type":"text-end","id":"0"}\n\n',
        `data: {"type":"finish","finishReason":"stop","usage":${JSON.stringify(usage)}}\n\n`,
        'data: [DONE]\n\n',
      ].join(''),
    );
    // An older client: its own lines, the others skipped; never an `e:` line.
    const old = readDataStreamLines(res.body);
    expect(old.map((l) => l.code)).toEqual(['f', '0', '0', 'd']);
    expect(
      old
        .filter((l) => l.code === '0')
        .map((l) => l.value)
        .join(''),
    ).toBe('Hello troop!');
    // A newer client: the events, the old lines skipped.
    const events = readEventStream(res.body) as { type?: string; delta?: string }[];
    expect(events.map((e) => (typeof e === 'string' ? e : e.type))).toEqual([
      'start',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      'finish',
      '[DONE]',
    ]);
    expect(events.map((e) => e.delta ?? '').join('')).toBe('Hello troop!');
  });

  it.each([
    [500, 502, 'AI_PROVIDER_ERROR'],
    [401, 502, 'AI_PROVIDER_ERROR'],
    [404, 502, 'AI_PROVIDER_ERROR'],
    [400, 400, 'VALIDATION_ERROR'],
    [429, 429, 'RATE_LIMITED'],
  ])(
    'a provider %i before the first chunk is an HTTP %i %s, not a stream',
    async (providerStatus, status, code) => {
      const a = await ai();
      a.sim.next({
        kind: 'error',
        status: providerStatus,
        message: 'secret prompt echoed',
        retryAfter: 9,
      });
      const res = await a.post(
        '/text',
        { prompt: 'x', stream: true },
        await bearer(a, 'leader-1', 'leader'),
      );
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().code).toBe(code);
      expect(res.body).not.toContain('secret prompt');
      if (status === 429) expect(res.headers['retry-after']).toBe('9');
    },
  );

  it('writes the older lines alone when the client asks (streamFormat: lines)', async () => {
    const a = await ai();
    const leader = await bearer(a, 'leader-1', 'leader');
    const res = await a.post(
      '/text',
      { prompt: 'Hi', stream: true, streamFormat: 'lines' },
      leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-vercel-ai-data-stream']).toBe('v1');
    const lines = res.body.split('\n').filter(Boolean);
    expect(lines.every((l) => /^[f0d]:/.test(l))).toBe(true);
    expect(readDataStreamLines(res.body).map((l) => l.code)).toEqual(['f', '0', '0', 'd']);
    expect(readEventStream(res.body)).toEqual([]);
    const unknown = await a.post(
      '/text',
      { prompt: 'Hi', stream: true, streamFormat: 'sse' },
      leader,
    );
    expect(unknown.statusCode).toBe(400);
  });

  it('answers a wrong provider key with 502, not the provider’s 401', async () => {
    const a = await ai({ env: { AI_API_KEY: 'sk-wrong' } });
    const res = await a.post('/text', { prompt: 'x' }, await bearer(a, 'leader-1', 'leader'));
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('AI_PROVIDER_ERROR');
  });

  it('ends a stream the provider cuts midway without finish lines', async () => {
    const a = await ai();
    a.sim.next({ kind: 'cut', chunks: 2 });
    const res = await a.post(
      '/text',
      { prompt: 'Tell a long camp story', stream: true },
      await bearer(a, 'leader-1', 'leader'),
    );
    expect(res.statusCode).toBe(200);
    const old = readDataStreamLines(res.body);
    expect(old.map((l) => l.code)).toEqual(['f', '0', '0']);
    expect(res.body).not.toContain('[DONE]');
    expect(res.body).not.toContain('"finish"');
  });

  it.each([false, true])(
    'aborts the provider call when the client goes away (stream: %s)',
    async (stream) => {
      const a = await ai();
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = a.app.server.address() as AddressInfo;
      a.sim.next({ kind: 'hang' });
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/ai/${a.deps.config.projectId}/text`,
        headers: {
          authorization: await bearer(a, 'leader-1', 'leader'),
          'content-type': 'application/json',
        },
      });
      req.on('error', () => {});
      req.end(JSON.stringify({ prompt: 'x', stream }));
      await waitFor(() => a.sim.requests.length === 1);
      req.destroy();
      await waitFor(() => a.sim.aborted === 1);
      // The place it held is free again: the next call goes through.
      const res = await a.post('/text', { prompt: 'again' }, await bearer(a, 'leader-1', 'leader'));
      expect(res.json().text).toBe('Echo: again');
    },
  );

  it('aborts the provider call when the client goes away in the middle of a stream', async () => {
    const a = await ai();
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = a.app.server.address() as AddressInfo;
    a.sim.next({ kind: 'stall', chunks: 1 });
    const received: string[] = [];
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/ai/${a.deps.config.projectId}/text`,
      headers: {
        authorization: await bearer(a, 'leader-1', 'leader'),
        'content-type': 'application/json',
      },
    });
    req.on('error', () => {});
    req.on('response', (res) => res.on('data', (c: Buffer) => received.push(c.toString())));
    req.end(JSON.stringify({ prompt: 'Tell a long story', stream: true }));
    await waitFor(() => received.join('').includes('0:"Echo: "'));
    expect(a.sim.aborted).toBe(0);
    req.destroy();
    await waitFor(() => a.sim.aborted === 1);
  });

  it('runs at most AI_MAX_CONCURRENT provider calls at once; the next waits its turn', async () => {
    const a = await ai({ env: { AI_MAX_CONCURRENT: '1' } });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = a.app.server.address() as AddressInfo;
    const leader = await bearer(a, 'leader-1', 'leader');
    a.sim.next({ kind: 'hang' });
    const first = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/ai/${a.deps.config.projectId}/text`,
      headers: { authorization: leader, 'content-type': 'application/json' },
    });
    first.on('error', () => {});
    first.end(JSON.stringify({ prompt: 'first' }));
    await waitFor(() => a.sim.requests.length === 1);
    const second = a.post('/text', { prompt: 'second' }, leader);
    await new Promise((r) => setTimeout(r, 200));
    expect(a.sim.requests).toHaveLength(1);
    first.destroy();
    expect((await second).json().text).toBe('Echo: second');
  });

  it('gives up on a provider that takes too long: 504 AI_PROVIDER_TIMEOUT', async () => {
    const a = await ai({ ai: { timeoutMs: 300 } });
    a.sim.next({ kind: 'hang' });
    const res = await a.post('/text', { prompt: 'x' }, await bearer(a, 'leader-1', 'leader'));
    expect(res.statusCode).toBe(504);
    expect(res.json().code).toBe('AI_PROVIDER_TIMEOUT');
    await waitFor(() => a.sim.aborted === 1);
  });
});
