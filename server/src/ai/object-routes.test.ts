import { afterEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAiTestApp,
  rawPost,
  readDataStreamLines,
  waitFor,
  type AiTestApp,
} from '../../test/ai.ts';
import { embeddedStore } from '../../test/test-app.ts';

const campsite = {
  type: 'object',
  properties: { name: { type: 'string' }, capacity: { type: 'integer', minimum: 1 } },
  required: ['name', 'capacity'],
  additionalProperties: false,
};

describe.each(embeddedStore)('POST /api/ai/:projectId/object (%s)', (kind) => {
  let t: AiTestApp | undefined;
  afterEach(async () => t?.close());
  const ai = async (env: Record<string, string> = {}) => {
    t = await buildAiTestApp(kind, { env });
    return { a: t, leader: await bearer(t, 'leader-1', 'leader') };
  };

  it('asks for the schema as structured output and answers the object that fits it', async () => {
    const { a, leader } = await ai();
    const res = await a.post(
      '/object',
      {
        prompt: 'A campsite',
        schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', ...campsite },
      },
      leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      object: { name: 'sample', capacity: 1 },
      finishReason: 'stop',
      usage: { totalTokens: expect.any(Number) },
    });
    expect(a.sim.requests[0]?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'response', schema: { type: 'object', required: ['name', 'capacity'] } },
    });
  });

  it('answers arrays and enum values, asked for wrapped in an object', async () => {
    const { a, leader } = await ai();
    const list = await a.post(
      '/object',
      { prompt: 'Campsites', output: 'array', schema: campsite },
      leader,
    );
    expect(list.json().object).toEqual([{ name: 'sample', capacity: 1 }]);
    expect(a.sim.requests[0]?.body.response_format).toMatchObject({
      json_schema: { schema: { properties: { elements: { type: 'array', items: campsite } } } },
    });
    const choice = await a.post(
      '/object',
      { prompt: 'Best outing', output: 'enum', enum: ['hike', 'canoe'] },
      leader,
    );
    expect(choice.json().object).toBe('hike');
  });

  it.each([
    ['{"name": 5, "capacity": 2}', '/name must be string'],
    ['{"name": "Pine", "capacity": 0}', '/capacity must be >= 1'],
    ['{"name": "Pine"}', "must have required property 'capacity'"],
    ['Sure! Here is a campsite: {"name"', 'The answer is not JSON'],
  ])(
    'refuses a model answer that does not fit (%s): 502 AI_OUTPUT_INVALID',
    async (content, why) => {
      const { a, leader } = await ai();
      a.sim.next({ kind: 'json', content });
      const res = await a.post('/object', { prompt: 'A campsite', schema: campsite }, leader);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'AI_OUTPUT_INVALID' });
      expect(res.json().details).toContain(why);
    },
  );

  it('answers any JSON object without a schema, asked for in the provider’s JSON mode', async () => {
    const { a, leader } = await ai();
    a.sim.next({ kind: 'json', content: '{"patrol":"Eagles","badges":[1,2],"leader":null}' });
    const res = await a.post('/object', { prompt: 'Anything about a patrol' }, leader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      object: { patrol: 'Eagles', badges: [1, 2], leader: null },
      finishReason: 'stop',
    });
    const asked = a.sim.requests[0]?.body;
    expect(asked?.response_format).toEqual({ type: 'json_object' });
    // OpenAI's JSON mode refuses messages that do not mention JSON.
    expect(JSON.stringify(asked?.messages)).toContain('JSON');
    for (const content of ['[1,2]', '"a patrol"', 'null']) {
      a.sim.next({ kind: 'json', content });
      const notObject = await a.post('/object', { prompt: 'x', output: 'object' }, leader);
      expect(notObject.statusCode, content).toBe(502);
      expect(notObject.json().code).toBe('AI_OUTPUT_INVALID');
    }
  });

  it('answers an array of anything without a schema, and streams it', async () => {
    const { a, leader } = await ai();
    a.sim.next({ kind: 'json', content: '{"elements":["tent",{"stove":1},3]}' });
    const res = await a.post('/object', { prompt: 'Gear', output: 'array' }, leader);
    expect(res.json().object).toEqual(['tent', { stove: 1 }, 3]);
    expect(a.sim.requests[0]?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { schema: { properties: { elements: { type: 'array' } } } },
    });
    a.sim.next({ kind: 'json', content: '{"elements":"tent"}' });
    const notArray = await a.post('/object', { prompt: 'Gear', output: 'array' }, leader);
    expect(notArray.json().code).toBe('AI_OUTPUT_INVALID');
    a.sim.next({ kind: 'json', content: '{"elements":["tent","tarp"]}' });
    const streamed = await a.post(
      '/object',
      { prompt: 'Gear', output: 'array', stream: true },
      leader,
    );
    const lines = readDataStreamLines(streamed.body);
    expect(lines.filter((l) => l.code === '2').at(-1)?.value).toEqual([['tent', 'tarp']]);
    expect(lines.at(-1)?.code).toBe('d');
  });

  it('still needs enum values for an enum output, with or without a schema', async () => {
    const { a, leader } = await ai();
    for (const payload of [
      { prompt: 'x', output: 'enum' },
      { prompt: 'x', output: 'enum', schema: { type: 'object' } },
    ]) {
      const res = await a.post('/object', payload, leader);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('enum');
    }
    expect(a.sim.requests).toHaveLength(0);
  });

  it('refuses an enum answer outside the values', async () => {
    const { a, leader } = await ai();
    a.sim.next({ kind: 'json', content: '{"result":"swim"}' });
    const res = await a.post('/object', { prompt: 'x', output: 'enum', enum: ['hike'] }, leader);
    expect(res.json().code).toBe('AI_OUTPUT_INVALID');
  });

  it('refuses bad requests with 400 before asking the provider', async () => {
    const { a, leader } = await ai();
    for (const payload of [
      { prompt: 'x', schema: { type: 'campsite' } },
      { prompt: 'x', schema: { type: 'object', properties: { a: { $ref: '#/nowhere' } } } },
      { prompt: 'x', schema: 'object' },
      { prompt: 'x', output: 'enum' },
      { prompt: 'x', output: 'enum', enum: [] },
      { prompt: 'x', output: 'table', schema: campsite },
      { schema: campsite },
      { prompt: 'x', schema: { type: 'object', description: 'd'.repeat(70_000) } },
    ]) {
      const res = await a.post('/object', payload, leader);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(a.sim.requests).toHaveLength(0);
  });

  it('streams each new partial object as a 2: line, then d:, by default', async () => {
    const { a, leader } = await ai();
    a.sim.next({ kind: 'json', content: '{"name":"Camp Pine","capacity":12}' });
    const res = await a.post('/object', { prompt: 'x', schema: campsite, stream: true }, leader);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\n').filter(Boolean);
    expect(lines.slice(0, -1)).toEqual([
      '2:[{}]',
      '2:[{"name":"Cam"}]',
      '2:[{"name":"Camp Pine"}]',
      '2:[{"name":"Camp Pine","capacity":12}]',
    ]);
    expect(readDataStreamLines(res.body).at(-1)).toEqual({
      code: 'd',
      value: {
        finishReason: 'stop',
        usage: expect.objectContaining({ totalTokens: expect.any(Number) }),
      },
    });
    expect(res.body).not.toMatch(/^e:/m);
  });

  it('ends a streamed answer that does not fit with a 3: error line, not d:', async () => {
    const { a, leader } = await ai();
    a.sim.next({ kind: 'json', content: '{"name":"Pine"}' });
    const res = await a.post('/object', { prompt: 'x', schema: campsite, stream: true }, leader);
    const codes = readDataStreamLines(res.body).map((l) => l.code);
    expect(codes.at(-1)).toBe('3');
    expect(codes).not.toContain('d');
  });

  it('streams the growing JSON text when AI_OBJECT_STREAM=text, or when the client asks', async () => {
    const { a, leader } = await ai({ AI_OBJECT_STREAM: 'text' });
    const content = '{"name":"Camp Pine","capacity":12}';
    a.sim.next({ kind: 'json', content });
    const res = await a.post('/object', { prompt: 'x', schema: campsite, stream: true }, leader);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(content);
    a.sim.next({ kind: 'json', content });
    const asked = await a.post(
      '/object',
      { prompt: 'x', schema: campsite, stream: true, streamFormat: 'lines' },
      leader,
    );
    expect(asked.body.split('\n')[0]).toBe('2:[{}]');
  });

  it.each([
    ['{"name":"Pine"}', 'a required property missing'],
    ['{"name":"Pine","capacity":0}', 'a value out of range'],
    ['{"name":"Pine","capa', 'JSON that never closes'],
  ])(
    'ends the growing JSON text abnormally when the answer does not fit (%s: %s)',
    async (content) => {
      const { a, leader } = await ai({ AI_OBJECT_STREAM: 'text' });
      a.sim.next({ kind: 'json', content });
      const call = await rawPost(
        a,
        '/object',
        { prompt: 'x', schema: campsite, stream: true },
        leader,
      );
      expect(await call.ended).toBe('aborted');
      expect(call.body()).toBe(content);
    },
  );

  it('ends the growing JSON text normally once the answer fits, and abnormally when cut', async () => {
    const { a, leader } = await ai();
    const body = { prompt: 'x', schema: campsite, stream: true, streamFormat: 'text' };
    a.sim.next({ kind: 'json', content: '{"name":"Camp Pine","capacity":12}' });
    const fits = await rawPost(a, '/object', body, leader);
    expect(await fits.ended).toBe('complete');
    expect(JSON.parse(fits.body())).toEqual({ name: 'Camp Pine', capacity: 12 });
    a.sim.next({ kind: 'cut', chunks: 2 });
    const cut = await rawPost(a, '/object', body, leader);
    expect(await cut.ended).toBe('aborted');
    expect(cut.body().length).toBeGreaterThan(0);
  });

  it.each(['lines', 'text'])(
    'aborts the provider call when the client goes away in the middle of an object stream (%s)',
    async (streamFormat) => {
      const { a, leader } = await ai();
      a.sim.next({ kind: 'stall', chunks: 1 });
      const call = await rawPost(
        a,
        '/object',
        { prompt: 'x', schema: campsite, stream: true, streamFormat },
        leader,
      );
      await waitFor(() => call.body().length > 0);
      expect(a.sim.aborted).toBe(0);
      call.req.destroy();
      await waitFor(() => a.sim.aborted === 1);
      // The place it held is free again.
      const res = await a.post('/object', { prompt: 'again', schema: campsite }, leader);
      expect(res.json().object).toEqual({ name: 'sample', capacity: 1 });
    },
  );

  it.each(['lines', 'text'])(
    'aborts the provider call when the client goes away before the first chunk of an object stream (%s)',
    async (streamFormat) => {
      const { a, leader } = await ai();
      a.sim.next({ kind: 'hang' });
      const call = await rawPost(
        a,
        '/object',
        { prompt: 'x', schema: campsite, stream: true, streamFormat },
        leader,
      );
      await waitFor(() => a.sim.requests.length === 1);
      call.req.destroy();
      expect(await call.ended).toBe('aborted');
      await waitFor(() => a.sim.aborted === 1);
      expect(call.body()).toBe('');
      // The place it held is free again.
      const res = await a.post('/object', { prompt: 'again', schema: campsite }, leader);
      expect(res.json().object).toEqual({ name: 'sample', capacity: 1 });
    },
  );

  it('answers a provider failure before the first chunk as an HTTP error', async () => {
    const { a, leader } = await ai();
    a.sim.next({ kind: 'error', status: 503 });
    const res = await a.post('/object', { prompt: 'x', schema: campsite, stream: true }, leader);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('AI_PROVIDER_ERROR');
  });
});
