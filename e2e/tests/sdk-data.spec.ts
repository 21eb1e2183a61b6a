/**
 * Web data through the packed SDK against the running server, whose gateway reaches the fixture
 * site and the SearXNG simulation on loopback (support/web-data-peers.ts; the server lists
 * 127.0.0.1 in DATA_ALLOW_PRIVATE_HOSTS and binds the secret E2E_TOKEN to it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { admin } from '../support/accounts.ts';
import { repoRoot, usePackedSdk, type Sdk } from '../support/packed-sdk.ts';
import { webSiteURL } from '../support/web-data-peers.ts';

const sdk = usePackedSdk();
type Client = ReturnType<Sdk['createClient']>;
let leader: Client;

const fixture = (name: string) =>
  fs.readFileSync(path.join(repoRoot, 'server/test/fixtures/web', name));

test.beforeAll(async () => {
  leader = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  await leader.auth.signInWithEmail(admin.email, admin.password);
});

test('extractFromUrl reads a PDF, whole and in chunks', async () => {
  const whole = await leader.data.extractFromUrl(`${webSiteURL}/files/packing-list.pdf`);
  expect(whole).toEqual({
    text: 'Camp Packing List\nSleeping bag rated to 20F.\nHeadlamp with spare batteries.',
  });
  const parts = await leader.data.extractFromUrl(`${webSiteURL}/files/council-page.html`, {
    chunking: true,
    chunkSize: 120,
  });
  const chunks = 'chunks' in parts ? parts.chunks : [];
  expect(chunks[0]).toMatch(/^Spring Camporee 2026\n\nThe Spring Camporee takes place/);
  expect(chunks.length).toBeGreaterThan(2);
  for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(120);
});

test('extractFromBlob takes a Buffer, a Blob and a File', async () => {
  const docx = await leader.data.extractFromBlob(fixture('permission-slip.docx'));
  expect('text' in docx && docx.text).toContain('Troop 12 will hike Bear Mountain on Saturday.');
  const csv = await leader.data.extractFromBlob(new Blob([fixture('roster.csv')]));
  expect('text' in csv && csv.text.split('\n')).toHaveLength(3);
  const file = new File([fixture('notes.txt')], 'notes.txt', { type: 'text/plain' });
  const chunks = await leader.data.extractFromBlob(file, { chunking: true, chunkSize: 100 });
  expect(chunks).toEqual({
    chunks: [
      'Meeting notes.\n\nThe committee agreed to buy two new tents. Dues stay the same this year.',
    ],
  });
});

test('the JSON text "{}" where a file belongs answers 400 DATA_FILE_REQUIRED', async () => {
  const token = await leader.auth.getValidToken();
  const res = await fetch(`${baseURL}/api/data/scout-troop/extract-from-blob`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: 'DATA_FILE_REQUIRED' });
});

test('scrape renders JavaScript; screenshot stores a PNG of it', async () => {
  const page = await leader.data.scrape(`${webSiteURL}/files/js-page.html`, {
    formats: ['markdown', 'metadata'],
  });
  expect(page.markdown).toContain('Next meeting: Tuesday at 7 pm in the church hall.');
  expect(page.metadata?.title).toBe('Troop 12 Calendar');
  const shot = await leader.data.screenshot(`${webSiteURL}/files/js-page.html`, {
    width: 640,
    height: 480,
  });
  const png = Buffer.from(await (await fetch(shot.url)).arrayBuffer());
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 480]);
});

test('fetch answers the site’s status inside, fills a bound secret and never shows it', async () => {
  const res = await leader.data.fetch({
    url: `${webSiteURL}/echo?status=418`,
    method: 'POST',
    headers: { Authorization: 'Bearer {{E2E_TOKEN}}' },
    body: { patrol: 'Eagles' },
  });
  expect(res.status).toBe(418);
  expect(res.body).toMatchObject({ method: 'POST', body: '{"patrol":"Eagles"}' });
  expect(res.headers['x-echo-auth']).toBe('Bearer [secret E2E_TOKEN]');
  expect(JSON.stringify(res)).not.toContain('e2e-secret-4f7a9c21');
  expect(await leader.data.fetchAsync({ url: `${webSiteURL}/hook` })).toEqual({
    status: 'triggered',
    message: 'Request triggered',
  });
});

test('fetchAsync answers at once, and the request still reaches the site', async () => {
  // The site is this server's own Data API: the row the request writes proves it arrived.
  const member = sdk.createClient<{ rsvpHooks: { note: string } }>({
    projectId: 'scout-troop',
    baseUrl: baseURL,
  });
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await member.auth.signUp({
    email: `hook.${stamp}@troop214.example`,
    password: 'campfire-2026',
    displayName: 'Robin Park',
  });
  const token = await member.auth.getValidToken();
  expect(
    await leader.data.fetchAsync({
      url: `${baseURL}/api/db/scout-troop/rest/v1/rsvp_hooks`,
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: { note: `camporee-${stamp}` },
    }),
  ).toEqual({ status: 'triggered', message: 'Request triggered' });
  await expect
    .poll(async () =>
      (await member.db.rsvpHooks.list({ where: { note: `camporee-${stamp}` } })).map((r) => r.note),
    )
    .toEqual([`camporee-${stamp}`]);
});

test('search maps SearXNG’s answer', async () => {
  const found = await leader.data.search('camporee', { num: 2 });
  expect(found.organic_results.map((r) => r.position)).toEqual([1, 2]);
  expect(found.search_information.query).toBe('camporee');
  expect(found.related_searches[0]).toEqual({ query: 'knot tying for beginners' });
  const news = await leader.data.search('camporee', { tbm: 'nws' });
  expect(news.news_results[0]?.source).toBe('dailyherald.example');
});

test('refusals: the metadata address, a member without data.use, bad input', async () => {
  await expect(
    leader.data.fetch({ url: 'http://169.254.169.254/latest/meta-data/' }),
  ).rejects.toMatchObject({ kind: 'data', code: 'DATA_URL_REFUSED', status: 400 });
  await expect(
    leader.data.fetch({ url: `${webSiteURL}/echo`, headers: { 'X-K': '{{NOT_A_SECRET}}' } }),
  ).rejects.toMatchObject({ code: 'DATA_SECRET_REFUSED' });
  await expect(
    leader.data.scrape(`${webSiteURL}/files/js-page.html`, { formats: ['pdf' as never] }),
  ).rejects.toMatchObject({ status: 400 });

  const member = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await member.auth.signUp({
    email: `webdata.${stamp}@troop214.example`,
    password: 'campfire-2026',
    displayName: 'Sam Lee',
  });
  await expect(member.data.search('knots')).rejects.toMatchObject({
    code: 'FORBIDDEN',
    status: 403,
  });
});
