/**
 * The provider simulation speaks the real OpenAI wire protocol: the official `openai` client
 * drives it here. With AI_IT_BASE_URL set (and AI_IT_API_KEY, AI_IT_TEXT_MODEL, optionally
 * AI_IT_IMAGE_MODEL, AI_IT_SPEECH_MODEL, AI_IT_TRANSCRIBE_MODEL), the same checks also run
 * against that real provider (docs/operations.md, AI gateway): what passes on both is what the
 * gateway may rely on.
 */
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAiConfig } from './ai-config.ts';
import { bearer } from '../../test/storage.ts';
import { buildTestApp } from '../../test/test-app.ts';
import {
  SIMULATED_MP3,
  SIMULATED_PNG,
  startProviderSimulation,
  type ProviderSimulation,
} from '../../test/ai-provider-simulation.ts';

interface Target {
  name: string;
  baseUrl: () => string;
  apiKey: () => string;
  models: { text: string; image?: string; speech?: string; transcribe?: string };
}

let sim: ProviderSimulation;
beforeAll(async () => {
  sim = await startProviderSimulation();
});
afterAll(async () => sim.close());

const env = process.env;
const targets: Target[] = [
  {
    name: 'simulation',
    baseUrl: () => sim.baseUrl,
    apiKey: () => sim.apiKey,
    models: { text: 'gpt-4o-mini', image: 'gpt-image-1', speech: 'tts-1', transcribe: 'whisper-1' },
  },
  ...(env.AI_IT_BASE_URL
    ? [
        {
          name: `real provider at ${env.AI_IT_BASE_URL}`,
          baseUrl: () => env.AI_IT_BASE_URL as string,
          apiKey: () => env.AI_IT_API_KEY || 'none',
          models: {
            text: env.AI_IT_TEXT_MODEL || 'gpt-4o-mini',
            image: env.AI_IT_IMAGE_MODEL,
            speech: env.AI_IT_SPEECH_MODEL,
            transcribe: env.AI_IT_TRANSCRIBE_MODEL,
          },
        },
      ]
    : []),
];

/**
 * A capability the real provider does not offer (no AI_IT_*_MODEL) is left out of its suite,
 * not counted as skipped: the simulation offers them all, so every test runs on it.
 */
const offered = (model: string | undefined): typeof it =>
  model ? it : ((() => undefined) as unknown as typeof it);

const clientFor = (t: Target, apiKey = t.apiKey()) =>
  new OpenAI({ baseURL: t.baseUrl(), apiKey, maxRetries: 0, timeout: 120_000 });

describe.each(targets)('OpenAI wire protocol: $name', (t) => {
  it('answers a chat completion with text, a finish reason and usage', async () => {
    const answer = await clientFor(t).chat.completions.create({
      model: t.models.text,
      messages: [{ role: 'user', content: 'Say hello to the troop' }],
    });
    expect(typeof answer.choices[0]?.message.content).toBe('string');
    expect(answer.choices[0]?.message.content?.length).toBeGreaterThan(0);
    expect(answer.choices[0]?.finish_reason).toBe('stop');
    expect(answer.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams a chat completion in deltas, with usage in a last chunk when asked', async () => {
    const stream = await clientFor(t).chat.completions.create({
      model: t.models.text,
      messages: [{ role: 'user', content: 'Name three knots' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('follows a json_schema response format', async () => {
    const answer = await clientFor(t).chat.completions.create({
      model: t.models.text,
      messages: [{ role: 'user', content: 'A campsite with its name and capacity' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'campsite',
          strict: true,
          schema: {
            type: 'object',
            properties: { name: { type: 'string' }, capacity: { type: 'integer' } },
            required: ['name', 'capacity'],
            additionalProperties: false,
          },
        },
      },
    });
    const object = JSON.parse(answer.choices[0]?.message.content ?? '') as Record<string, unknown>;
    expect(typeof object.name).toBe('string');
    expect(Number.isInteger(object.capacity)).toBe(true);
  });

  it('refuses a wrong API key with 401', async () => {
    const call = clientFor(t, 'sk-wrong').chat.completions.create({
      model: t.models.text,
      messages: [{ role: 'user', content: 'hi' }],
    });
    await expect(call).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('serves the gateway: a whole answer, a stream and an object, through this provider', async () => {
    const app = await buildTestApp({
      config: {
        ai: parseAiConfig({
          AI_TEXT_BASE_URL: t.baseUrl(),
          AI_TEXT_API_KEY: t.apiKey(),
          AI_TEXT_MODEL: t.models.text,
        }),
      },
    });
    try {
      const auth = await bearer(app, 'leader-1', 'leader');
      const post = (path: string, payload: Record<string, unknown>) =>
        app.app.inject({
          method: 'POST',
          url: `/api/ai/${app.deps.config.projectId}${path}`,
          payload,
          headers: { authorization: auth },
        });
      const whole = await post('/text', { prompt: 'Say hello to the troop', maxTokens: 50 });
      expect(whole.statusCode).toBe(200);
      expect(whole.json().text.length).toBeGreaterThan(0);
      const stream = await post('/text', { prompt: 'Name three knots', stream: true });
      expect(stream.statusCode).toBe(200);
      expect(stream.body).toMatch(/^d:\{"finishReason":/m);
      expect(stream.body.endsWith('data: [DONE]\n\n')).toBe(true);
      const object = await post('/object', {
        prompt: 'A campsite with its name and capacity',
        schema: {
          type: 'object',
          properties: { name: { type: 'string' }, capacity: { type: 'integer' } },
          required: ['name', 'capacity'],
        },
      });
      expect(object.statusCode).toBe(200);
      expect(typeof object.json().object.name).toBe('string');
    } finally {
      await app.close();
    }
  });

  offered(t.models.image)('generates an image as base64 PNG', async () => {
    const answer = await clientFor(t).images.generate({
      model: t.models.image as string,
      prompt: 'A tent under the stars',
      n: 1,
      size: '1024x1024',
    });
    const png = Buffer.from(answer.data?.[0]?.b64_json ?? '', 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  offered(t.models.image)('modifies an uploaded image', async () => {
    const answer = await clientFor(t).images.edit({
      model: t.models.image as string,
      prompt: 'Add a campfire',
      image: [await toFile(SIMULATED_PNG, 'tent.png', { type: 'image/png' })],
    });
    expect(answer.data?.[0]?.b64_json?.length).toBeGreaterThan(0);
  });

  offered(t.models.speech)('speaks text as audio bytes', async () => {
    const answer = await clientFor(t).audio.speech.create({
      model: t.models.speech as string,
      voice: 'alloy',
      input: 'Welcome to camp',
      response_format: 'mp3',
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(answer.headers.get('content-type')).toMatch(/^audio\//);
    expect(bytes.length).toBeGreaterThan(0);
  });

  offered(t.models.transcribe)(
    'transcribes an upload, verbose with language and duration',
    async () => {
      const answer = await clientFor(t).audio.transcriptions.create({
        model: t.models.transcribe as string,
        file: await toFile(SIMULATED_MP3, 'speech.mp3', { type: 'audio/mpeg' }),
        response_format: 'verbose_json',
      });
      expect(typeof answer.text).toBe('string');
      expect(typeof answer.language).toBe('string');
      expect(answer.duration).toBeGreaterThan(0);
    },
  );
});

describe('provider simulation: failures a real provider shows', () => {
  const client = () => new OpenAI({ baseURL: sim.baseUrl, apiKey: sim.apiKey, maxRetries: 0 });
  const ask = (stream: boolean) =>
    client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Tell me a camp story' }],
      stream,
    } as OpenAI.ChatCompletionCreateParamsStreaming);

  it('answers 429 with Retry-After', async () => {
    sim.next({ kind: 'error', status: 429, retryAfter: 7 });
    const err = (await ask(false).catch((e: unknown) => e)) as InstanceType<
      typeof OpenAI.RateLimitError
    >;
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.headers.get('retry-after')).toBe('7');
  });

  it('answers 500 before the first chunk of a stream', async () => {
    sim.next({ kind: 'error', status: 500 });
    await expect(ask(true)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
  });

  it('cuts a stream midway: the client sees some text, then an error', async () => {
    sim.next({ kind: 'reply', text: 'Once upon a time, at a lake far away' });
    sim.next({ kind: 'cut', chunks: 2 });
    const full = await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(full.choices[0]?.message.content).toBe('Once upon a time, at a lake far away');
    const stream = await ask(true);
    let text = '';
    const reading = (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    })();
    await expect(reading).rejects.toThrow();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain('[DONE]');
  });

  it('notices a client that goes away during a hanging call', async () => {
    const before = sim.aborted;
    const seen = sim.requests.length;
    sim.next({ kind: 'hang' });
    const controller = new AbortController();
    const call = client().chat.completions.create(
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] },
      { signal: controller.signal },
    );
    await waitFor(() => sim.requests.length > seen);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
    await waitFor(() => sim.aborted > before);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}
