import { describe, expect, it } from 'vitest';
import { dataAppPerTest, fixtureSitePerFile } from '../../test/web-data.ts';
import { embeddedStore } from '../../test/test-app.ts';

const SECRET = 'wx-9f8e7d6c5b4a';
const secrets = [{ name: 'WEATHER_KEY', value: SECRET, hosts: ['fixture.test'] }];

const web = fixtureSitePerFile();

describe.each(embeddedStore)('POST /api/data/:projectId/fetch (%s)', (kind) => {
  const build = dataAppPerTest(kind, () => ({ config: { dataSecrets: secrets } }));

  it('answers 401 signed out, 403 without data.use, and 404 for another project', async () => {
    const a = await build();
    expect((await a.post('fetch', { url: `${web.site.origin}/echo` })).statusCode).toBe(401);
    const member = await a.post('fetch', { url: `${web.site.origin}/echo` }, a.member);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toMatch(/data\.use/);
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/data/other-troop/fetch',
      payload: { url: `${web.site.origin}/echo` },
    });
    expect(other.statusCode).toBe(404);
    expect(a.net.connections).toEqual([]);
  });

  it('answers 200 with the target’s status, headers, body (JSON parsed) and duration', async () => {
    const a = await build();
    const res = await a.post(
      'fetch',
      {
        url: `${web.site.origin}/echo?status=404`,
        method: 'post',
        headers: { 'X-Troop': '12' },
        body: { tents: 4 },
        query: { page: 2, draft: true },
      },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(typeof answer.durationMs).toBe('number');
    expect(answer.body).toMatchObject({
      method: 'POST',
      url: '/echo?status=404&page=2&draft=true',
      body: '{"tents":4}',
      headers: { 'x-troop': '12', 'content-type': 'application/json' },
    });
  });

  it('gives text bodies as text', async () => {
    const a = await build();
    const res = await a.post('fetch', { url: `${web.site.origin}/gzip` }, a.leader);
    expect(res.json()).toMatchObject({ status: 200, body: 'Pack a sleeping bag rated to 20°F.' });
  });

  it('refuses private, link-local and mapped targets with DATA_URL_REFUSED, connecting to nothing', async () => {
    const a = await build({ allow: [] });
    for (const url of [
      `${web.site.origin}/echo`,
      'http://metadata.test/latest/meta-data/iam',
      'http://mapped-metadata.test/',
      'http://[::ffff:10.0.0.1]/',
      'file:///etc/passwd',
    ]) {
      const res = await a.post('fetch', { url }, a.leader);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('DATA_URL_REFUSED');
    }
    expect(a.net.connections).toEqual([]);
  });

  it('refuses a redirect into the private network', async () => {
    const a = await build();
    const to = encodeURIComponent('http://private.test/admin');
    const res = await a.post('fetch', { url: `${web.site.origin}/redirect?to=${to}` }, a.leader);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('DATA_URL_REFUSED');
  });

  it('answers a slow target with 504, never 500', async () => {
    const a = await build({ webData: { timeoutMs: 300 } });
    const slow = await a.post('fetch', { url: `${web.site.origin}/slow` }, a.leader);
    expect([slow.statusCode, slow.json().code]).toEqual([504, 'DATA_TARGET_TIMEOUT']);
  });

  it('answers endless, huge and closed targets with 502, never 500', async () => {
    // The size limit, not the clock, stops these: they have the default time limit, since a
    // loaded machine can read a few megabytes slower than the slow target's 300 ms.
    const a = await build();
    const endless = await a.post('fetch', { url: `${web.site.origin}/endless` }, a.leader);
    expect([endless.statusCode, endless.json().code]).toEqual([502, 'DATA_TARGET_TOO_LARGE']);
    const huge = await a.post('fetch', { url: `${web.site.origin}/huge?bytes=6000000` }, a.leader);
    expect([huge.statusCode, huge.json().code]).toEqual([502, 'DATA_TARGET_TOO_LARGE']);
    const closed = await a.post('fetch', { url: 'http://127.0.0.1:1/' }, a.leader);
    expect([closed.statusCode, closed.json().code]).toEqual([502, 'DATA_TARGET_UNREACHABLE']);
  });

  it('answers bad input with 400 JSON', async () => {
    const a = await build();
    for (const payload of [
      {},
      { url: 42 },
      { url: `${web.site.origin}/echo`, method: 'TRACE' },
      { url: `${web.site.origin}/echo`, headers: { 'Bad Header': 'x' } },
      { url: `${web.site.origin}/echo`, headers: { 'X-A': 'x\r\nInjected: 1' } },
      { url: `${web.site.origin}/echo`, async: 'yes' },
      { url: 'not a url' },
    ]) {
      const res = await a.post('fetch', payload, a.leader);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toMatch(/VALIDATION_ERROR|DATA_URL_REFUSED/);
    }
  });

  it('fills a secret for its bound host, and cuts it out of the answer and the logs', async () => {
    const a = await build();
    const res = await a.post(
      'fetch',
      {
        url: `http://fixture.test:${web.site.port}/echo?key={{WEATHER_KEY}}`,
        headers: { Authorization: 'Bearer {{WEATHER_KEY}}' },
        body: 'token={{ WEATHER_KEY }}',
      },
      a.leader,
    );
    expect(res.statusCode).toBe(200);
    const received = web.site.seen.at(-1);
    expect(received?.url).toBe(`/echo?key=${SECRET}`);
    expect(received?.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(received?.body).toBe(`token=${SECRET}`);
    expect(res.body).not.toContain(SECRET);
    expect(res.json().headers['x-echo-auth']).toBe('Bearer [secret WEATHER_KEY]');
    expect(a.logs()).not.toContain(SECRET);
  });

  it('never sends a secret to a host it is not bound to, nor follows a redirect there', async () => {
    const a = await build();
    const before = web.site.seen.length;
    const res = await a.post(
      'fetch',
      { url: `${web.site.origin}/echo`, headers: { 'X-Key': '{{WEATHER_KEY}}' } },
      a.leader,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DATA_SECRET_REFUSED' });
    expect(res.json().message).toContain('WEATHER_KEY');
    const unknown = await a.post('fetch', { url: `${web.site.origin}/echo?k={{NOPE}}` }, a.leader);
    expect(unknown.json().code).toBe('DATA_SECRET_REFUSED');
    expect(web.site.seen.length).toBe(before);

    const away = encodeURIComponent(`${web.site.origin}/echo`);
    const redirected = await a.post(
      'fetch',
      {
        url: `http://fixture.test:${web.site.port}/redirect?to=${away}`,
        headers: { 'X-Key': '{{WEATHER_KEY}}' },
      },
      a.leader,
    );
    expect(redirected.json().status).toBe(302);
    expect(web.site.seen.slice(before).map((s) => s.url.split('?')[0])).toEqual(['/redirect']);
    expect(a.logs()).not.toContain(SECRET);
  });

  it('async: answers at once that it was triggered, and the request arrives', async () => {
    const a = await build();
    const since = web.site.seen.length;
    const res = await a.post(
      'fetch',
      { url: `${web.site.origin}/hook?name=camp-reminder`, method: 'POST', async: true },
      a.leader,
    );
    expect(res.json()).toEqual({ status: 'triggered', message: 'Request triggered' });
    const arrived = await web.site.waitFor('/hook', since);
    expect([arrived.method, arrived.url]).toEqual(['POST', '/hook?name=camp-reminder']);
    const refused = await a.post('fetch', { url: 'http://metadata.test/', async: true }, a.leader);
    expect(refused.statusCode).toBe(400);
  });

  it('limits each member’s calls a minute, with Retry-After', async () => {
    const a = await build({ webData: { callsPerMinute: 3 } });
    for (let i = 0; i < 3; i++)
      expect((await a.post('fetch', { url: `${web.site.origin}/echo` }, a.leader)).statusCode).toBe(
        200,
      );
    const limited = await a.post('fetch', { url: `${web.site.origin}/echo` }, a.leader);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    a.clock.advance(61_000);
    expect((await a.post('fetch', { url: `${web.site.origin}/echo` }, a.leader)).statusCode).toBe(
      200,
    );
  });
});
