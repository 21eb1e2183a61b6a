/**
 * The SDK's ai module, from the packed package, against the running server whose AI gateway
 * talks to the provider simulation (support/ai-provider.ts): every call as an app makes it,
 * and the refusals a member and bad input meet.
 */
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { admin } from '../support/accounts.ts';
import { usePackedSdk } from '../support/packed-sdk.ts';

const sdk = usePackedSdk();

const newClient = () => sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });

async function signedInAdmin() {
  const client = newClient();
  await client.auth.signInWithEmail(admin.email, admin.password);
  return client;
}

async function rejection(p: Promise<unknown>) {
  return p.then(
    () => {
      throw new Error('expected a failure');
    },
    (err: { kind: string; code: string; status?: number }) => err,
  );
}

test('text, whole and streamed, and objects, whole and streamed', async () => {
  const client = await signedInAdmin();
  const text = await client.ai.generateText({ prompt: 'Plan a hike', system: 'Be brief' });
  expect(text).toEqual({
    text: 'Echo: Plan a hike',
    finishReason: 'stop',
    usage: { promptTokens: 6, completionTokens: 5, totalTokens: 11 },
  });

  const chunks: string[] = [];
  const streamed = await client.ai.streamText(
    { messages: [{ role: 'user', content: 'Name three knots' }] },
    (c) => chunks.push(c),
  );
  expect(chunks.length).toBeGreaterThan(1);
  expect(chunks.join('')).toBe('Echo: Name three knots');
  expect(streamed.text).toBe('Echo: Name three knots');
  expect(streamed.finishReason).toBe('stop');

  const schema = {
    type: 'object',
    properties: { name: { type: 'string' }, capacity: { type: 'integer' } },
    required: ['name', 'capacity'],
  };
  const object = await client.ai.generateObject<{ name: string; capacity: number }>({
    prompt: 'A campsite',
    schema,
  });
  expect(object.object).toEqual({ name: 'sample', capacity: 1 });

  const partials: unknown[] = [];
  const done = await client.ai.streamObject({ prompt: 'Campsites', output: 'array', schema }, (p) =>
    partials.push(p),
  );
  expect(done.object).toEqual([{ name: 'sample', capacity: 1 }]);
  expect(partials.length).toBeGreaterThan(1);
  expect(partials.at(-1)).toEqual(done.object);

  const grown: unknown[] = [];
  const fromText = await client.ai.streamObject(
    { prompt: 'A campsite', schema, streamFormat: 'text' },
    (p) => grown.push(p),
  );
  expect(fromText.object).toEqual({ name: 'sample', capacity: 1 });
  // How many partials depends on how the text arrives; the last is the whole object.
  expect(grown.at(-1)).toEqual(fromText.object);
});

test('images and speech come back as stored URLs; audio bytes transcribe', async ({ request }) => {
  const client = await signedInAdmin();
  const image = await client.ai.generateImage({ prompt: 'A tent under the stars', n: 1 });
  expect(image.data).toHaveLength(1);
  const png = await request.get(image.data[0]!.url);
  expect(png.headers()['content-type']).toBe('image/png');

  const speech = await client.ai.generateSpeech({ text: 'Welcome to camp', voice: 'nova' });
  expect(speech).toMatchObject({ voice: 'nova', format: 'mp3', mimeType: 'audio/mpeg' });
  const audio = new Uint8Array(await (await request.get(speech.url)).body());
  const transcript = await client.ai.transcribeAudio({ audio, language: 'en' });
  expect(transcript.text).toBe(`Simulated transcript of ${audio.length} bytes`);
  expect(transcript.language).toBe('en');

  // An image of the troop's own storage, modified into a new stored one.
  const modified = await client.ai.modifyImage({
    prompt: 'Add a fire',
    images: [image.data[0]!.url],
  });
  expect(modified.data).toHaveLength(1);
  expect(modified.data[0]!.url).not.toBe(image.data[0]!.url);
  const edited = await request.get(modified.data[0]!.url);
  expect(edited.headers()['content-type']).toBe('image/png');

  // An image elsewhere is fetched through the server's address checks: the cloud metadata
  // address is refused before any connection (an address, so nothing is looked up either).
  const elsewhere = await rejection(
    client.ai.modifyImage({
      prompt: 'Add a fire',
      images: ['https://169.254.169.254/latest/a.png'],
    }),
  );
  expect(elsewhere).toMatchObject({ kind: 'ai', status: 400, code: 'DATA_URL_REFUSED' });
});

test('a member without ai.use is refused, and bad input never leaves the client', async () => {
  const member = newClient();
  await member.auth.signUp({
    email: `ai.${Date.now().toString(36)}@troop214.example`,
    password: 'campfire-2026',
    displayName: 'Sam Scout',
  });
  const refused = await rejection(member.ai.generateText({ prompt: 'hi' }));
  expect(refused).toMatchObject({ kind: 'ai', code: 'FORBIDDEN', status: 403 });

  const local = await rejection(
    member.ai.modifyImage({ prompt: 'x', images: ['http://troop.example/a.png'] }),
  );
  expect(local).toMatchObject({ kind: 'ai', code: 'VALIDATION_ERROR' });
  expect(local.status).toBeUndefined();
});
