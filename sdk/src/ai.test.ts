import { describe, expect, it } from 'vitest';
import { createAi } from './ai.ts';
import { HttpClient } from './http.ts';
import { FakeApi, errorReply, jsonReply, signedInHttp, rejection } from '../test/fake-api.ts';

const AI = '/api/ai/troop-42';

function setup() {
  const api = new FakeApi();
  const http = signedInHttp(api);
  return { api, ai: createAi(http, 'troop-42') };
}

const streamReply = (body: string, type = 'text/event-stream') =>
  new Response(body, { status: 200, headers: { 'Content-Type': type } });

/** A body arriving in these pieces; with `cut`, the connection drops after the last. */
const piecesReply = (pieces: string[], cut = false) => {
  const bytes = pieces.map((p) => new TextEncoder().encode(p));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = bytes.shift();
      if (next) controller.enqueue(next);
      else if (cut) controller.error(new TypeError('terminated'));
      else controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/plain' } });
};

describe('ai: input rules checked before any request', () => {
  it.each([
    ['generateText', (ai: ReturnType<typeof setup>['ai']) => ai.generateText({})],
    ['generateText', (ai: ReturnType<typeof setup>['ai']) => ai.generateText({ prompt: '  ' })],
    ['generateText', (ai: ReturnType<typeof setup>['ai']) => ai.generateText({ messages: [] })],
    ['streamText', (ai: ReturnType<typeof setup>['ai']) => ai.streamText({}, () => {})],
    ['generateObject', (ai: ReturnType<typeof setup>['ai']) => ai.generateObject({ prompt: '' })],
    [
      'generateObject',
      (ai: ReturnType<typeof setup>['ai']) =>
        ai.generateObject({ prompt: 'x', schema: 'object' as unknown as Record<string, unknown> }),
    ],
    [
      'streamObject',
      (ai: ReturnType<typeof setup>['ai']) =>
        ai.streamObject({ prompt: 'x', output: 'enum' }, () => {}),
    ],
    ['generateImage', (ai: ReturnType<typeof setup>['ai']) => ai.generateImage({ prompt: '' })],
    [
      'modifyImage',
      (ai: ReturnType<typeof setup>['ai']) => ai.modifyImage({ prompt: 'x', images: [] }),
    ],
    [
      'modifyImage',
      (ai: ReturnType<typeof setup>['ai']) =>
        ai.modifyImage({ prompt: 'x', images: ['http://troop.example/a.png'] }),
    ],
    [
      'modifyImage',
      (ai: ReturnType<typeof setup>['ai']) =>
        ai.modifyImage({ prompt: 'x', images: ['https://troop.example/a.svg'] }),
    ],
    [
      'modifyImage',
      (ai: ReturnType<typeof setup>['ai']) =>
        ai.modifyImage({
          prompt: 'x',
          images: Array.from({ length: 51 }, (_, i) => `https://troop.example/${i}.png`),
        }),
    ],
    ['generateSpeech', (ai: ReturnType<typeof setup>['ai']) => ai.generateSpeech({ text: '' })],
    [
      'transcribeAudio',
      (ai: ReturnType<typeof setup>['ai']) =>
        ai.transcribeAudio({ audio: new Blob(['x']) as unknown as string }),
    ],
    [
      'transcribeAudio',
      (ai: ReturnType<typeof setup>['ai']) =>
        ai.transcribeAudio({ audio: 42 as unknown as string }),
    ],
    ['transcribeAudio', (ai: ReturnType<typeof setup>['ai']) => ai.transcribeAudio({ audio: [] })],
    [
      'transcribeAudio',
      (ai: ReturnType<typeof setup>['ai']) => ai.transcribeAudio({ audio: [1, 300] }),
    ],
  ])('%s refuses bad input locally', async (_name, run) => {
    const { api, ai } = setup();
    const err = await rejection(run(ai));
    expect(err).toMatchObject({ kind: 'ai', code: 'VALIDATION_ERROR', retryable: false });
    expect(api.requests).toHaveLength(0);
  });

  it('asks for an object or an array without a schema', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/object`, () =>
      jsonReply(200, { object: { any: 1 }, finishReason: 'stop', usage: {} }),
    );
    const answer = await ai.generateObject({ prompt: 'x' });
    await ai.generateObject({ prompt: 'y', output: 'array' });
    expect(answer.object).toEqual({ any: 1 });
    expect(api.requests.map((r) => r.body)).toEqual([
      { prompt: 'x', stream: false },
      { prompt: 'y', output: 'array', stream: false },
    ]);
  });

  it('accepts exactly 50 https images ending in an image extension', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/image`, () => jsonReply(200, { created: 1, data: [] }));
    const images = Array.from({ length: 50 }, (_, i) => `https://troop.example/${i}.JPEG`);
    await ai.modifyImage({ prompt: 'x', images });
    expect(api.requests[0]?.body).toEqual({ prompt: 'x', images });
  });

  it('accepts http images from its own server only, for a troop served over http', async () => {
    const api = new FakeApi();
    const own = 'http://troop.local:8080';
    const ai = createAi(new HttpClient({ baseUrl: own, fetch: api.fetch }), 'troop-42');
    api.on('POST', `${AI}/image`, () => jsonReply(200, { created: 1, data: [] }));
    const stored = `${own}/api/storage/troop-42/object/users/u1/ai/tent.png`;
    await ai.modifyImage({ prompt: 'x', images: [stored, 'https://troop.example/b.png'] });
    expect(api.requests[0]?.body).toMatchObject({
      images: [stored, 'https://troop.example/b.png'],
    });
    for (const elsewhere of ['http://troop.local:9090/a.png', 'http://elsewhere.example/a.png']) {
      const err = await rejection(ai.modifyImage({ prompt: 'x', images: [stored, elsewhere] }));
      expect(err).toMatchObject({ kind: 'ai', code: 'VALIDATION_ERROR' });
    }
    expect(api.requests).toHaveLength(1);
  });

  it('sends audio bytes as base64, arrays as numbers, strings as they are', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/transcribe`, () => jsonReply(200, { text: 'hi' }));
    await ai.transcribeAudio({ audio: new Uint8Array([1, 2, 3]) });
    await ai.transcribeAudio({ audio: new Uint8Array([1, 2, 3]).buffer });
    await ai.transcribeAudio({ audio: [1, 2, 3] });
    await ai.transcribeAudio({ audio: 'data:audio/mpeg;base64,AQID', language: 'en' });
    expect(api.requests.map((r) => (r.body as { audio: unknown }).audio)).toEqual([
      'AQID',
      'AQID',
      [1, 2, 3],
      'data:audio/mpeg;base64,AQID',
    ]);
  });
});

describe('ai: answers and errors', () => {
  it('answers text, and turns server errors into ai errors with their code', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/text`, (_req, i) =>
      i === 0
        ? jsonReply(200, { text: 'Hi', finishReason: 'stop', usage: { totalTokens: 3 } })
        : errorReply(503, 'AI_NOT_CONFIGURED', 'AI is not set up'),
    );
    expect((await ai.generateText({ prompt: 'x' })).text).toBe('Hi');
    expect(api.requests[0]?.body).toEqual({ prompt: 'x', stream: false });
    const err = await rejection(ai.generateText({ prompt: 'x' }));
    expect(err).toMatchObject({ kind: 'ai', code: 'AI_NOT_CONFIGURED', status: 503 });
    expect(api.requests).toHaveLength(2); // never retried: each call spends tokens
  });

  it('reads the text stream’s events, skipping the older clients’ lines', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/text`, () =>
      streamReply(
        [
          'f:{"messageId":"m1"}',
          'data: {"type":"start","messageId":"m1"}',
          '',
          '0:"Hel"',
          'data: {"type":"text-delta","id":"0","delta":"Hel"}',
          '',
          'data: {"type":"text-delta","id":"0","delta":"lo"}',
          '',
          'd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2,"totalTokens":3}}',
          'data: {"type":"finish","finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2,"totalTokens":3}}',
          '',
          'data: [DONE]',
          '',
        ].join('\n'),
      ),
    );
    const chunks: string[] = [];
    const result = await ai.streamText({ prompt: 'x' }, (c) => chunks.push(c));
    expect(chunks).toEqual(['Hel', 'lo']);
    expect(result).toEqual({
      text: 'Hello',
      finishReason: 'stop',
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
    });
  });

  it('treats a text stream without its finish event as cut off', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/text`, () =>
      streamReply('data: {"type":"text-delta","id":"0","delta":"Hel"}\n\n'),
    );
    const err = await rejection(ai.streamText({ prompt: 'x' }, () => {}));
    expect(err).toMatchObject({ kind: 'ai', code: 'NETWORK_ERROR', retryable: true });
  });

  it('reads the object stream’s partial objects, and its error line', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/object`, (_req, i) =>
      streamReply(
        i === 0
          ? '2:[{}]\n2:[{"name":"Ca"}]\n2:[{"name":"Camp"}]\nd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":1,"totalTokens":2}}\n'
          : '2:[{}]\n3:"The AI answer did not match the requested format."\n',
        'text/plain',
      ),
    );
    const partials: unknown[] = [];
    const done = await ai.streamObject<{ name: string }>(
      { prompt: 'x', schema: { type: 'object' } },
      (p) => partials.push(p),
    );
    expect(partials).toEqual([{}, { name: 'Ca' }, { name: 'Camp' }]);
    expect(done.object).toEqual({ name: 'Camp' });
    expect(api.requests[0]?.body).toMatchObject({ stream: true, streamFormat: 'lines' });
    const err = await rejection(ai.streamObject({ prompt: 'x', schema: {} }, () => {}));
    expect(err).toMatchObject({ kind: 'ai', code: 'AI_OUTPUT_INVALID' });
  });

  it('reads the growing JSON text when asked, each more complete object as it grows', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/object`, () =>
      piecesReply(['{"na', 'me":"Ca', 'mp Pine","capa', 'city":12', '}']),
    );
    const partials: unknown[] = [];
    const done = await ai.streamObject<{ name: string; capacity: number }>(
      { prompt: 'x', schema: { type: 'object' }, streamFormat: 'text' },
      (p) => partials.push(p),
    );
    expect(api.requests[0]?.body).toMatchObject({ stream: true, streamFormat: 'text' });
    expect(partials).toEqual([
      {},
      { name: 'Ca' },
      { name: 'Camp Pine' },
      { name: 'Camp Pine', capacity: 12 },
    ]);
    expect(done).toEqual({
      object: { name: 'Camp Pine', capacity: 12 },
      finishReason: 'unknown',
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    });
  });

  it('unwraps array and enum answers of the growing JSON text', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/object`, (_req, i) =>
      i === 0
        ? piecesReply(['{"elements":[{"name":"Pine"},', '{"name":"Oak"}]}'])
        : piecesReply(['{"result":"can', 'oe"}']),
    );
    const list: unknown[] = [];
    const sites = await ai.streamObject(
      { prompt: 'x', output: 'array', schema: { type: 'object' }, streamFormat: 'text' },
      (p) => list.push(p),
    );
    expect(list).toEqual([[{ name: 'Pine' }], [{ name: 'Pine' }, { name: 'Oak' }]]);
    expect(sites.object).toEqual([{ name: 'Pine' }, { name: 'Oak' }]);
    const choice = await ai.streamObject(
      { prompt: 'x', output: 'enum', enum: ['hike', 'canoe'], streamFormat: 'text' },
      () => {},
    );
    expect(choice.object).toBe('canoe');
  });

  it('fails a growing JSON text the server ends abnormally, or that never closes', async () => {
    const { api, ai } = setup();
    api.on('POST', `${AI}/object`, (_req, i) =>
      i === 0 ? piecesReply(['{"name":"Pine"}'], true) : piecesReply(['{"name":"Pi']),
    );
    const input = { prompt: 'x', schema: { type: 'object' }, streamFormat: 'text' as const };
    const partials: unknown[] = [];
    const cut = await rejection(ai.streamObject(input, (p) => partials.push(p)));
    expect(cut).toMatchObject({ kind: 'ai', code: 'NETWORK_ERROR', retryable: true });
    expect(partials).toEqual([{ name: 'Pine' }]);
    const unclosed = await rejection(ai.streamObject(input, () => {}));
    expect(unclosed).toMatchObject({ kind: 'ai', code: 'AI_OUTPUT_INVALID' });
  });

  it('refuses a stream format it does not know before any request', async () => {
    const { api, ai } = setup();
    const err = await rejection(
      ai.streamObject(
        { prompt: 'x', schema: {}, streamFormat: 'sse' as unknown as 'text' },
        () => {},
      ),
    );
    expect(err).toMatchObject({ kind: 'ai', code: 'VALIDATION_ERROR' });
    expect(api.requests).toHaveLength(0);
  });
});
