import { Readable, Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ANALYTICS_REQUESTS_PER_MINUTE } from '@scout/protocol/limits';
import { bearer, signUp } from '../../test/auth.ts';
import { analyticsEvent, logEvents, nextSessionId, storedEvents } from '../../test/analytics.ts';
import { buildTestApp, sharedTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

describe.each(testStoreKinds)('POST /api/analytics/:projectId/log (%s)', (kind) => {
  // One app per store; the tests count whole tables, so each starts on an empty store. The
  // request log test builds an app of its own, with its own logger.
  const shared = sharedTestApp({ store: kind, empty: true });
  let own: TestApp | undefined;
  afterEach(async () => {
    await own?.close();
    own = undefined;
  });
  const app = async (): Promise<TestApp> => shared;

  it('stores valid events and drops each invalid one on its own, answering 200', async () => {
    const t = await app();
    const session_id = nextSessionId(t);
    const res = await logEvents(t, {
      events: [
        analyticsEvent(t, { session_id, pathname: '/dashboard' }),
        analyticsEvent(t, { session_id, type: 'signup', pathname: '/auth', method: 'email' }),
        analyticsEvent(t, { session_id, timestamp: 'yesterday-ish' }),
        analyticsEvent(t, { session_id, type: '' }),
        analyticsEvent(t, { session_id, project_id: 'another-troop' }),
        { type: 'pageview' },
        'not an event',
        null,
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accepted: 2, dropped: 6 });
    const rows = await storedEvents(t);
    expect(rows.map((r) => [r.type, r.pathname])).toEqual(
      expect.arrayContaining([
        ['pageview', '/dashboard'],
        ['signup', '/auth'],
      ]),
    );
    expect(JSON.parse(String(rows.find((r) => r.type === 'signup')?.data))).toEqual({
      method: 'email',
    });
  });

  it('answers 200 with nothing accepted for a body that holds no events, and reads beacon text bodies', async () => {
    const t = await app();
    for (const body of ['{"events": "no"}', '[1,2]', '{not json', '']) {
      const res = await logEvents(t, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 0, dropped: 0 });
    }
    const beacon = await logEvents(t, JSON.stringify({ events: [analyticsEvent(t)] }), {
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(beacon.json()).toEqual({ accepted: 1, dropped: 0 });
    const blob = await logEvents(
      t,
      JSON.stringify({ events: [analyticsEvent(t, { pathname: '/b' })] }),
      {
        headers: { 'content-type': 'application/octet-stream' },
      },
    );
    expect(blob.json()).toEqual({ accepted: 1, dropped: 0 });
  });

  it('does not count a resent batch twice, neither the events nor the visit', async () => {
    const t = await app();
    const session_id = nextSessionId(t);
    const batch = {
      events: [
        analyticsEvent(t, { session_id, pathname: '/' }),
        analyticsEvent(t, {
          session_id,
          pathname: '/calendar',
          timestamp: new Date(t.clock.now() + 5000).toISOString(),
        }),
      ],
    };
    expect((await logEvents(t, batch)).json()).toEqual({ accepted: 2, dropped: 0 });
    expect((await logEvents(t, batch)).json()).toEqual({ accepted: 2, dropped: 0 });
    expect(await storedEvents(t)).toHaveLength(2);
    const { rows } = await t.deps.store.query<{ pageviews: number; entry_path: string }>(
      'SELECT pageviews, entry_path FROM analytics_sessions WHERE session_id = ?',
      [session_id],
    );
    expect(rows.map((r) => [Number(r.pageviews), r.entry_path])).toEqual([[2, '/']]);
  });

  it('takes the identity from the access token, keeps a claimed one as unverified, and never an email', async () => {
    const t = await app();
    const member = await signUp(t, { email: 'real@troop12.org' });
    const claim = { user_id: 'someone-else', user_email: 'victim@troop12.org' };
    const send = (pathname: string, headers?: Record<string, string>) =>
      logEvents(
        t,
        { events: [analyticsEvent(t, { ...claim, pathname })] },
        headers ? { headers } : {},
      );
    await send('/signed-in', bearer(member.access_token));
    await send('/forged');
    await send('/bad-token', bearer('not-a-token'));
    const rows = await storedEvents(t);
    const by = (p: string) => rows.find((r) => r.pathname === p);
    expect(by('/signed-in')).toMatchObject({ user_id: member.user.id, claimed_user_id: null });
    for (const p of ['/forged', '/bad-token'])
      expect(by(p)).toMatchObject({ user_id: null, claimed_user_id: 'someone-else' });
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain('@troop12.org');
    // The dashboard counts people under a pseudonym, not their account id.
    expect(everything).not.toMatch(new RegExp(`"visitor":"${member.user.id}"`));
  });

  it('forgets the account of a deleted member: its events stay, without its id', async () => {
    const t = await app();
    const member = await signUp(t);
    await logEvents(
      t,
      { events: [analyticsEvent(t, { pathname: '/mine' })] },
      {
        headers: bearer(member.access_token),
      },
    );
    expect((await storedEvents(t))[0]?.user_id).toBe(member.user.id);
    await t.deps.store.query('DELETE FROM users WHERE id = ?', [member.user.id]);
    const [row] = await storedEvents(t);
    expect(row).toMatchObject({ pathname: '/mine', user_id: null });
    expect(JSON.stringify(row)).not.toContain(member.user.id);
  });

  it('stores no address and no full referrer: only its host and path', async () => {
    const t = await app();
    await logEvents(
      t,
      {
        events: [
          analyticsEvent(t, {
            referrer: 'https://mail.google.com/mail/u/0/?token=secret#inbox/abc',
            utm_campaign: 'spring-camp',
          }),
        ],
      },
      { address: '203.0.113.77' },
    );
    const [row] = await storedEvents(t);
    expect(row).toMatchObject({
      referrer_host: 'mail.google.com',
      referrer_path: '/mail/u/0/',
      channel: 'Email',
      utm_campaign: 'spring-camp',
    });
    const everything = JSON.stringify(await storedEvents(t));
    expect(everything).not.toContain('secret');
    expect(everything).not.toContain('203.0.113.77');
    const limits = await t.deps.store.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(JSON.stringify(limits.rows)).not.toContain('203.0.113.77');
  });

  it("keeps the visitor's address out of the request log too, where other routes log it", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const t = (own = await buildTestApp({
      store: kind,
      deps: { logger: pino({ level: 'info' }, sink) },
    }));
    await logEvents(t, { events: [analyticsEvent(t)] }, { address: '203.0.113.77' });
    await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.9' });
    await new Promise((resolve) => setImmediate(resolve));
    const requests = lines.map((l) => JSON.parse(l) as { msg: string; url?: string; ip?: string });
    const intake = requests.find((l) => l.msg === 'request' && l.url?.includes('/log'));
    expect(intake).toBeDefined();
    expect(intake).not.toHaveProperty('ip');
    expect(lines.join('')).not.toContain('203.0.113.77');
    expect(requests.find((l) => l.url === '/api/health')?.ip).toBe('198.51.100.9');
  });

  it('honours DNT: 1 and Sec-GPC: 1 by storing nothing', async () => {
    const t = await app();
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const res = await logEvents(t, { events: [analyticsEvent(t)] }, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 0, dropped: 1 });
    }
    expect(await storedEvents(t)).toHaveLength(0);
  });

  it('limits requests per address with 429 and Retry-After, other addresses unaffected', async () => {
    const t = await app();
    const address = '10.9.9.9';
    for (let i = 0; i < ANALYTICS_REQUESTS_PER_MINUTE; i++)
      expect((await logEvents(t, { events: [] }, { address })).statusCode).toBe(200);
    const refused = await logEvents(t, { events: [analyticsEvent(t)] }, { address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await logEvents(t, { events: [] }, { address: '10.9.9.8' })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await logEvents(t, { events: [] }, { address })).statusCode).toBe(200);
  });

  it('bounds the batch: events past 100 are dropped', async () => {
    const t = await app();
    const session_id = nextSessionId(t);
    const many = Array.from({ length: 130 }, (_, i) =>
      analyticsEvent(t, { session_id, pathname: `/p${i}` }),
    );
    expect((await logEvents(t, { events: many })).json()).toEqual({ accepted: 100, dropped: 30 });
  });

  it('answers 200 for a body over 256 KB without reading it, saying why, and closes the connection', async () => {
    const t = await app();
    const huge = await logEvents(t, { events: [analyticsEvent(t, { blob: 'x'.repeat(300_000) })] });
    expect(huge.statusCode).toBe(200);
    expect(huge.json()).toEqual({ accepted: 0, dropped: 0, reason: 'body_too_large' });
    expect(huge.headers.connection).toBe('close');
    // Sent in chunks with no length declared: reading stops at the bound.
    const text = JSON.stringify({ events: [analyticsEvent(t, { blob: 'y'.repeat(300_000) })] });
    const chunks = Array.from({ length: Math.ceil(text.length / 16_384) }, (_, i) =>
      text.slice(i * 16_384, (i + 1) * 16_384),
    );
    const streamed = await t.app.inject({
      method: 'POST',
      url: `/api/analytics/${t.deps.config.projectId}/log`,
      remoteAddress: '10.7.7.7',
      headers: { 'content-type': 'text/plain' },
      payload: Readable.from(chunks),
    });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.json()).toEqual({ accepted: 0, dropped: 0, reason: 'body_too_large' });
    expect(await storedEvents(t)).toHaveLength(0);
    const under = JSON.stringify({ events: [analyticsEvent(t, { blob: 'z'.repeat(200) })] });
    const fits = await t.app.inject({
      method: 'POST',
      url: `/api/analytics/${t.deps.config.projectId}/log`,
      remoteAddress: '10.7.7.8',
      headers: { 'content-type': 'text/plain' },
      payload: Readable.from([under.slice(0, 100), under.slice(100)]),
    });
    expect(fits.json()).toEqual({ accepted: 1, dropped: 0 });
  });

  it('answers 200 with every event dropped for another project, and stores nothing', async () => {
    const t = await app();
    const events = [analyticsEvent(t), analyticsEvent(t, { type: 'signup' }), 'not an event'];
    for (const projectId of ['other', 'x'.repeat(300)]) {
      const res = await logEvents(t, { events }, { projectId });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ accepted: 0, dropped: 3, reason: 'unknown_project' });
    }
    const unreadable = await logEvents(t, '{not json', { projectId: 'other' });
    expect(unreadable.json()).toEqual({ accepted: 0, dropped: 0, reason: 'unknown_project' });
    expect(await storedEvents(t)).toHaveLength(0);
  });

  it('counts batches let go whole against the address limit all the same', async () => {
    const t = await app();
    const address = '10.9.9.7';
    const huge = { events: [analyticsEvent(t, { blob: 'x'.repeat(300_000) })] };
    for (let i = 0; i < ANALYTICS_REQUESTS_PER_MINUTE; i++) {
      const res = await logEvents(t, i % 2 ? huge : { events: [] }, {
        address,
        projectId: i % 3 ? 'other' : t.deps.config.projectId,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await logEvents(t, huge, { address })).statusCode).toBe(429);
    expect((await logEvents(t, { events: [] }, { address, projectId: 'other' })).statusCode).toBe(
      429,
    );
  });

  it('cuts long strings to 256 characters and drops an event whose custom data is too big', async () => {
    const t = await app();
    const res = await logEvents(t, {
      events: [
        analyticsEvent(t, { pathname: `/${'a'.repeat(400)}`, note: 'n'.repeat(400) }),
        analyticsEvent(t, {
          pathname: '/big',
          ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(200)])),
        }),
      ],
    });
    expect(res.json()).toEqual({ accepted: 1, dropped: 1 });
    const [row] = await storedEvents(t);
    expect(String(row?.pathname)).toHaveLength(256);
    expect(JSON.parse(String(row?.data)).note).toHaveLength(256);
  });

  it('lets browsers send the headers clients use', async () => {
    const t = await app();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `/api/analytics/${t.deps.config.projectId}/log`,
      headers: {
        origin: t.deps.config.publicUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(t.deps.config.publicUrl);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(
      /content-type.*authorization/i,
    );
  });
});
