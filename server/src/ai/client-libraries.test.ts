/**
 * The gateway's streams read by the libraries existing clients of this protocol read them with,
 * each through its own reader: the Blink SDK of both generations (0.19 reads `0:`/`2:`/`d:`
 * lines, 2.x server-sent events and the growing JSON text) and the Vercel AI SDK's parsers (AI
 * SDK 5's chat transport and UI-message reader; AI SDK 4's data-stream and completion readers,
 * which need the older lines alone). Versions are pinned in server/package.json.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient as createOldBlink } from 'blink-sdk-old';
import { createClient as createBlink } from 'blink-sdk';
import {
  DefaultChatTransport,
  parsePartialJson as parsePartialJson5,
  readUIMessageStream,
  type UIMessage,
  type UIMessageChunk,
} from 'ai';
import {
  callCompletionApi,
  parsePartialJson as parsePartialJson4,
  processDataStream,
} from '@ai-sdk/ui-utils';
import { SERVICE_KEY, bearer, buildAiTestApp, type AiTestApp } from '../../test/ai.ts';

const ANSWER = 'Pack a "rain" jacket,\nsnacks — and a café map: {not json}';

const campsite = {
  type: 'object',
  properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
  required: ['name', 'tags'],
  additionalProperties: false,
};
const CAMPSITE = { name: 'Camp "Pine" — north', tags: ['lake', 'fire ring', 'shade'] };

interface Served {
  a: AiTestApp;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  projectId: string;
  /** A leader's `Bearer ...` header and the bare token. */
  leader: string;
  token: string;
}

let served: Served | undefined;
afterEach(async () => {
  await served?.a.close();
  served = undefined;
});
// The Blink SDK narrates its sign-in on console.log; it is not what these tests are about.
beforeEach(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));

async function serve(env: Record<string, string> = {}): Promise<Served> {
  const a = await buildAiTestApp('sqlite', { env });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = a.app.server.address() as AddressInfo;
  const leader = await bearer(a, 'leader-1', 'leader');
  served = {
    a,
    origin: `http://127.0.0.1:${port}`,
    projectId: a.deps.config.projectId,
    leader,
    token: leader.slice('Bearer '.length),
  };
  return served;
}

/**
 * A Blink client pointed at this server, as a troop's clients are: its HTTP client carries
 * the API's address in `coreUrl`/`authUrl`.
 */
function pointAt<T extends object>(client: T, http: unknown, origin: string): T {
  Object.assign(http as object, { coreUrl: origin, authUrl: origin });
  return client;
}

async function oldBlink(s: Served) {
  const blink = createOldBlink({
    projectId: s.projectId,
    authRequired: false,
    auth: { mode: 'headless', authUrl: s.origin, coreUrl: s.origin },
  });
  pointAt(blink, (blink as unknown as { httpClient: unknown }).httpClient, s.origin);
  await blink.auth.setToken(s.token);
  return blink;
}

function newBlink(s: Served) {
  // A server-side client of the current generation signs with its secret key.
  const blink = createBlink({
    projectId: s.projectId,
    secretKey: SERVICE_KEY,
    auth: { mode: 'headless', authUrl: s.origin, coreUrl: s.origin },
  });
  return pointAt(blink, (blink as unknown as { _httpClient: unknown })._httpClient, s.origin);
}

const textOf = (m: UIMessage | undefined) =>
  (m?.parts ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');

describe('AI streams read by the Blink SDK', () => {
  it('0.19 reads a text stream’s 0: lines into the whole answer, with its finish and usage', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'reply', text: ANSWER });
    const blink = await oldBlink(s);
    const chunks: string[] = [];
    const result = await blink.ai.streamText({ prompt: 'What to pack?' }, (c) => chunks.push(c));
    expect(result.text).toBe(ANSWER);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(ANSWER);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ totalTokens: expect.any(Number) });
    expect((result as { messageId?: string }).messageId).toMatch(/^msg-/);
  });

  it('0.19 reads an object stream’s 2: partials, ending on the whole object', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'json', content: JSON.stringify(CAMPSITE) });
    const blink = await oldBlink(s);
    const partials: unknown[] = [];
    const result = await blink.ai.streamObject(
      { prompt: 'A campsite', schema: campsite },
      (p: unknown) => partials.push(p),
    );
    expect(result.object).toEqual(CAMPSITE);
    expect(partials.length).toBeGreaterThan(1);
    expect(partials.at(-1)).toEqual(CAMPSITE);
    expect(result.usage).toMatchObject({ totalTokens: expect.any(Number) });
  });

  it('0.19 asks for an object without a schema and gets any JSON object', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'json', content: '{"patrol":"Eagles","size":6}' });
    const blink = await oldBlink(s);
    const result = await blink.ai.generateObject({ prompt: 'A patrol' } as never);
    expect(result.object).toEqual({ patrol: 'Eagles', size: 6 });
  });

  it('2.9 reads a text stream’s server-sent events into the whole answer, with its finish and usage', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'reply', text: ANSWER });
    const blink = newBlink(s);
    const chunks: string[] = [];
    const result = await blink.ai.streamText({ prompt: 'What to pack?' }, (c) => chunks.push(c));
    expect(result.text).toBe(ANSWER);
    expect(chunks.join('')).toBe(ANSWER);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ totalTokens: expect.any(Number) });
  });

  it('2.9 reads the growing JSON text of an object stream (AI_OBJECT_STREAM=text)', async () => {
    const s = await serve({ AI_OBJECT_STREAM: 'text' });
    s.a.sim.next({ kind: 'json', content: JSON.stringify(CAMPSITE) });
    const blink = newBlink(s);
    const result = await blink.ai.streamObject(
      { prompt: 'A campsite', schema: campsite },
      () => {},
    );
    expect(result.object).toEqual(CAMPSITE);
  });

  it('both generations read a refusal before the first byte as an error with the server’s words', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'error', status: 503 });
    s.a.sim.next({ kind: 'error', status: 503 });
    const old = await oldBlink(s);
    await expect(old.ai.streamText({ prompt: 'x' }, () => {})).rejects.toThrow(
      /AI service|provider/i,
    );
    await expect(newBlink(s).ai.streamText({ prompt: 'x' }, () => {})).rejects.toThrow(
      /AI service|provider/i,
    );
  });
});

describe('AI streams read by the Vercel AI SDK', () => {
  it('AI SDK 5’s chat transport and UI-message reader take the text events, skipping the older lines', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'reply', text: ANSWER });
    const transport = new DefaultChatTransport<UIMessage>({
      api: `${s.origin}/api/ai/${s.projectId}/text`,
      headers: { authorization: s.leader },
      // The gateway takes a prompt; the chat's last user text is it.
      prepareSendMessagesRequest: ({ messages }) => ({
        body: { prompt: textOf(messages.at(-1)), stream: true },
      }),
    });
    const stream = await transport.sendMessages({
      chatId: 'chat-1',
      messageId: undefined,
      trigger: 'submit-message',
      abortSignal: undefined,
      messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'What to pack?' }] }],
    });
    const [forReader, forChunks] = stream.tee();
    const chunks: UIMessageChunk[] = [];
    const collecting = (async () => {
      for await (const c of forChunks) chunks.push(c);
    })();
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: forReader })) last = message;
    await collecting;
    expect(textOf(last)).toBe(ANSWER);
    expect(last?.role).toBe('assistant');
    expect(chunks.map((c) => c.type)).toEqual([
      'start',
      'text-start',
      ...chunks.filter((c) => c.type === 'text-delta').map(() => 'text-delta'),
      'text-end',
      'finish',
    ]);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('AI SDK 5’s partial JSON parser reads the growing object text to the whole object', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'json', content: JSON.stringify(CAMPSITE) });
    const res = await fetch(`${s.origin}/api/ai/${s.projectId}/object`, {
      method: 'POST',
      headers: { authorization: s.leader, 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: 'A campsite',
        schema: campsite,
        stream: true,
        streamFormat: 'text',
      }),
    });
    expect(res.status).toBe(200);
    // As AI SDK 5's useObject reads it: each piece appended, the text so far parsed.
    let text = '';
    let latest: unknown;
    for await (const piece of res.body!.pipeThrough(new TextDecoderStream())) {
      text += piece;
      latest = (await parsePartialJson5(text)).value ?? latest;
    }
    expect(latest).toEqual(CAMPSITE);
    expect(await parsePartialJson5(text)).toEqual({ value: CAMPSITE, state: 'successful-parse' });
  });

  it('AI SDK 4’s completion reader takes the older lines alone (streamFormat: lines)', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'reply', text: ANSWER });
    const updates: string[] = [];
    let finished: string | undefined;
    let failure: Error | undefined;
    const completion = await callCompletionApi({
      api: `${s.origin}/api/ai/${s.projectId}/text`,
      prompt: 'What to pack?',
      credentials: undefined,
      headers: { authorization: s.leader },
      body: { stream: true, streamFormat: 'lines' },
      streamProtocol: 'data',
      setCompletion: (c) => updates.push(c),
      setLoading: () => {},
      setError: (e) => (failure = e),
      setAbortController: () => {},
      onResponse: (res) => {
        expect(res.headers.get('x-vercel-ai-data-stream')).toBe('v1');
      },
      onFinish: (_prompt, text) => (finished = text),
      onError: (e) => (failure = e),
      onData: undefined,
      fetch: undefined,
    });
    expect(failure).toBeUndefined();
    expect(completion).toBe(ANSWER);
    expect(finished).toBe(ANSWER);
    expect(updates.at(-1)).toBe(ANSWER);
  });

  it('AI SDK 4’s data-stream reader takes the text lines with finish and usage, and fails on the two-generation default', async () => {
    const s = await serve();
    const ask = (streamFormat?: string) =>
      fetch(`${s.origin}/api/ai/${s.projectId}/text`, {
        method: 'POST',
        headers: { authorization: s.leader, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'What to pack?', stream: true, streamFormat }),
      });
    s.a.sim.next({ kind: 'reply', text: ANSWER });
    let text = '';
    let finish: { finishReason: string; usage?: unknown } | undefined;
    await processDataStream({
      stream: (await ask('lines')).body!,
      onTextPart: (t) => void (text += t),
      onFinishMessagePart: (f) => void (finish = f),
    });
    expect(text).toBe(ANSWER);
    expect(finish).toMatchObject({
      finishReason: 'stop',
      usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) },
    });
    // Why the option exists: this reader refuses a line it does not know.
    await expect(
      processDataStream({ stream: (await ask()).body!, onTextPart: () => {} }),
    ).rejects.toThrow(/Invalid code data/);
  });

  it('AI SDK 4’s data-stream reader takes an object stream’s 2: partials and its finish', async () => {
    const s = await serve();
    s.a.sim.next({ kind: 'json', content: JSON.stringify(CAMPSITE) });
    const res = await fetch(`${s.origin}/api/ai/${s.projectId}/object`, {
      method: 'POST',
      headers: { authorization: s.leader, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'A campsite', schema: campsite, stream: true }),
    });
    const partials: unknown[] = [];
    let finish: { finishReason: string } | undefined;
    await processDataStream({
      stream: res.body!,
      onDataPart: (d) => void partials.push(...d),
      onFinishMessagePart: (f) => void (finish = f),
    });
    expect(partials.length).toBeGreaterThan(1);
    expect(partials.at(-1)).toEqual(CAMPSITE);
    expect(finish?.finishReason).toBe('stop');
  });

  it('AI SDK 4’s partial JSON parser reads the growing object text to the whole object', async () => {
    const s = await serve({ AI_OBJECT_STREAM: 'text' });
    s.a.sim.next({ kind: 'json', content: JSON.stringify(CAMPSITE) });
    const res = await fetch(`${s.origin}/api/ai/${s.projectId}/object`, {
      method: 'POST',
      headers: { authorization: s.leader, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'A campsite', schema: campsite, stream: true }),
    });
    let text = '';
    for await (const piece of res.body!.pipeThrough(new TextDecoderStream())) text += piece;
    expect(parsePartialJson4(text)).toEqual({ value: CAMPSITE, state: 'successful-parse' });
  });
});
