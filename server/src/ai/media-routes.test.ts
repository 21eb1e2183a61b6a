import { afterEach, describe, expect, it } from 'vitest';
import { SIMULATED_MP3, SIMULATED_PNG } from '../../test/ai-provider-simulation.ts';
import { SERVICE_KEY, bearer, buildAiTestApp, type AiTestApp } from '../../test/ai.ts';
import { embeddedStore } from '../../test/test-app.ts';

describe.each(embeddedStore)('AI images, speech and transcription (%s)', (kind) => {
  let t: AiTestApp | undefined;
  afterEach(async () => t?.close());
  const ai = async (env: Record<string, string> = {}) => {
    t = await buildAiTestApp(kind, { env });
    return { a: t, leader: await bearer(t, 'leader-1', 'leader') };
  };
  /** The bytes behind a URL the gateway answered, fetched as a browser would (no token). */
  const fetchStored = async (a: AiTestApp, url: string) => {
    const res = await a.app.inject({ method: 'GET', url: new URL(url).pathname });
    return { type: res.headers['content-type'], bytes: res.rawPayload };
  };

  it('stores generated images and answers their URLs, never base64', async () => {
    const { a, leader } = await ai();
    const res = await a.post('/image', { prompt: 'A tent', n: 2, size: '512x512' }, leader);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ created: number; data: { url: string }[] }>();
    expect(body.created).toBeGreaterThan(0);
    expect(body.data).toHaveLength(2);
    for (const { url } of body.data) {
      expect(url).toMatch(
        new RegExp(
          `^https://troop\\.example/api/storage/${a.deps.config.projectId}/object/users/leader-1/ai/[\\w-]+\\.png$`,
        ),
      );
      const stored = await fetchStored(a, url);
      expect(stored.type).toBe('image/png');
      expect(Buffer.compare(stored.bytes, SIMULATED_PNG)).toBe(0);
    }
    // Each image is exactly { url }: no b64_json rides along, and nothing else does either.
    for (const image of body.data) expect(Object.keys(image)).toEqual(['url']);
    expect(a.sim.requests[0]?.body).toMatchObject({ model: 'gpt-image-1', n: 2, size: '512x512' });
  });

  it('fetches images a provider answers as links, and stores them like the others', async () => {
    const { a, leader } = await ai();
    a.sim.next({ kind: 'image-links' });
    const res = await a.post('/image', { prompt: 'A canoe' }, leader);
    expect(res.statusCode).toBe(200);
    const stored = await fetchStored(a, res.json().data[0].url);
    expect(Buffer.compare(stored.bytes, SIMULATED_PNG)).toBe(0);
  });

  it('refuses an image link into the troop’s network that is not the provider’s own host', async () => {
    const { a, leader } = await ai();
    for (const link of [
      'http://metadata.test/latest/meta-data/iam',
      'http://private.test/files/simulated.png',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      a.sim.next({ kind: 'image-links', link });
      const res = await a.post('/image', { prompt: 'A canoe' }, leader);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('AI_OUTPUT_INVALID');
    }
    // Refused on the resolved address, before any connection (closing the app checks none was tried).
    expect(a.net.lookups).toEqual(['metadata.test', 'private.test']);
    expect(a.net.stray).toEqual([]);
  });

  it('modifies images from the troop’s storage, sent to the provider as files', async () => {
    const { a, leader } = await ai();
    const made = (await a.post('/image', { prompt: 'A tent' }, leader)).json();
    const res = await a.post(
      '/image',
      { prompt: 'Add a fire', images: [made.data[0].url] },
      leader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    const edit = a.sim.requests.at(-1);
    expect(edit?.path).toBe('/v1/images/edits');
    expect(edit?.form).toMatchObject({ prompt: 'Add a fire', model: 'gpt-image-1' });
    expect(Object.values(edit?.form ?? {})).toContainEqual({
      name: 'image-0.png',
      size: SIMULATED_PNG.length,
    });
  });

  it('refuses images to modify that break the rules or live at a private address, with 400', async () => {
    const { a, leader } = await ai();
    const own = `https://troop.example/api/storage/${a.deps.config.projectId}/object/users/leader-1/x.png`;
    for (const images of [
      ['http://troop.example/a.png'],
      ['https://troop.example/a.bmp'],
      ['not a url'],
      [],
      Array.from({ length: 51 }, (_, i) => `https://troop.example/${i}.png`),
      ['https://metadata.test/tent.png'],
      [`https://troop.example/api/storage/${a.deps.config.projectId}/object/../../etc/passwd.png`],
    ]) {
      const res = await a.post('/image', { prompt: 'x', images }, leader);
      expect(res.statusCode, images.join(' ').slice(0, 80)).toBe(400);
    }
    expect((await a.post('/image', { prompt: 'x', images: [own] }, leader)).statusCode).toBe(404);
    expect(a.sim.requests).toHaveLength(0);
  });

  it('modifies and transcribes its own files over http when the troop is served over http, nobody else’s', async () => {
    t = await buildAiTestApp(kind, { config: { publicUrl: 'http://troop.local:8080' } });
    const a = t;
    const leader = await bearer(a, 'leader-1', 'leader');
    const made = (await a.post('/image', { prompt: 'A tent' }, leader)).json();
    const own = made.data[0].url as string;
    expect(own).toMatch(/^http:\/\/troop\.local:8080\/api\/storage\//);
    const res = await a.post('/image', { prompt: 'Add a fire', images: [own] }, leader);
    expect(res.statusCode).toBe(200);
    expect(a.sim.requests.at(-1)?.path).toBe('/v1/images/edits');
    const spoken = (await a.post('/speech', { text: 'Hello' }, leader)).json().url as string;
    expect((await a.post('/transcribe', { audio: spoken }, leader)).statusCode).toBe(200);
    const asked = a.sim.requests.length;
    for (const elsewhere of [
      'http://elsewhere.example/api/storage/x.png',
      'http://troop.local:9090' + new URL(own).pathname,
      // Over https it is another site's URL, fetched only where the address policy lets it.
      own.replace('http://troop.local:8080', 'https://private.test'),
    ]) {
      const refused = await a.post('/image', { prompt: 'x', images: [own, elsewhere] }, leader);
      expect(refused.statusCode, elsewhere).toBe(400);
      const audio = elsewhere.replace(/\.png$/, '.mp3');
      expect((await a.post('/transcribe', { audio }, leader)).statusCode, audio).toBe(400);
    }
    expect(a.sim.requests).toHaveLength(asked);
  });

  it('speaks text into a stored audio file', async () => {
    const { a, leader } = await ai();
    const res = await a.post(
      '/speech',
      { text: 'Welcome to camp', voice: 'nova', speed: 1.2 },
      leader,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ voice: 'nova', format: 'mp3', mimeType: 'audio/mpeg' });
    const stored = await fetchStored(a, body.url);
    expect(Buffer.compare(stored.bytes, SIMULATED_MP3)).toBe(0);
    expect(a.sim.requests[0]?.body).toMatchObject({
      model: 'tts-1',
      input: 'Welcome to camp',
      voice: 'nova',
      response_format: 'mp3',
      speed: 1.2,
    });
    for (const bad of [
      {},
      { text: '' },
      { text: 'x'.repeat(5000) },
      { text: 'x', speed: 9 },
      { text: 'x', voice: '<b>' },
      { text: 'x', response_format: 'exe' },
    ])
      expect((await a.post('/speech', bad, leader)).statusCode).toBe(400);
  });

  it('transcribes audio sent as base64, a data: URL, bytes, or a stored file’s URL', async () => {
    const { a, leader } = await ai();
    const spoken = (await a.post('/speech', { text: 'Hello' }, leader)).json().url as string;
    const b64 = SIMULATED_MP3.toString('base64');
    for (const audio of [b64, `data:audio/mpeg;base64,${b64}`, [...SIMULATED_MP3], spoken]) {
      const res = await a.post('/transcribe', { audio, language: 'en' }, leader);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        text: `Simulated transcript of ${SIMULATED_MP3.length} bytes`,
        language: 'en',
        duration: 1.5,
        segments: [
          { start: 0, end: 1.5, text: `Simulated transcript of ${SIMULATED_MP3.length} bytes` },
        ],
      });
    }
    const plain = await a.post('/transcribe', { audio: b64, response_format: 'json' }, leader);
    expect(plain.json()).toEqual({ text: `Simulated transcript of ${SIMULATED_MP3.length} bytes` });
    expect(a.sim.requests.at(-1)?.form).toMatchObject({
      model: 'whisper-1',
      response_format: 'json',
    });
  });

  it('takes a transcription body larger than other AI bodies, and refuses bad audio with 400', async () => {
    const { a, leader } = await ai();
    const big = Buffer.alloc(3 * 1024 * 1024, 1).toString('base64');
    const res = await a.post('/transcribe', { audio: big }, leader);
    expect(res.statusCode).toBe(200);
    for (const audio of [
      '%%%not base64%%%',
      [],
      [256],
      [-1],
      'https://private.test/a.mp3',
      '',
      42,
      { bytes: 1 },
    ])
      expect((await a.post('/transcribe', { audio }, leader)).statusCode, String(audio)).toBe(400);
    expect((await a.post('/text', { prompt: big }, leader)).statusCode).toBe(413);
  });

  it('stores a service key’s files outside any member’s folder', async () => {
    const { a } = await ai();
    const res = await a.post('/image', { prompt: 'x' }, `Bearer ${SERVICE_KEY}`);
    expect(res.json().data[0].url).toMatch(/\/object\/ai\/[\w-]+\.png$/);
  });

  it('answers 503 AI_NOT_CONFIGURED for capabilities without a provider', async () => {
    t = await buildAiTestApp(kind, {});
    t.deps.config.ai.providers = { text: t.deps.config.ai.providers.text! };
    const leader = await bearer(t, 'leader-1', 'leader');
    for (const [path, body] of [
      ['/image', { prompt: 'x' }],
      ['/speech', { text: 'x' }],
      ['/transcribe', { audio: 'AAAA' }],
    ] as const) {
      const res = await t.post(path, body, leader);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('AI_NOT_CONFIGURED');
    }
    expect((await t.post('/text', { prompt: 'x' }, leader)).statusCode).toBe(200);
  });
});
