import { afterEach, describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/tokens.ts';
import { redactUrl } from '../http/request-log.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { expectWellFramed, readCalendar } from '../../test/calendar.ts';
import { oneServiceKey } from '../../test/service-keys.ts';

const NOW = Date.UTC(2026, 4, 1, 12, 0, 0);
const PUBLIC_URL = 'https://troop.example.org';

interface EventInput {
  id: string;
  name: string;
  date: string;
  time: string;
  link?: string | null;
  creator?: string;
  sequence?: number;
  updatedAt?: string;
}

async function addUser(t: TestApp, id: string): Promise<string> {
  const at = new Date(NOW).toISOString();
  await t.deps.store.query(
    'INSERT INTO users (id, email, display_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    [id, `${id}@example.org`, id, at, at],
  );
  return signAccessToken(
    t.deps.jwtSecret,
    { sub: id, role: 'user', pid: t.deps.config.projectId, email: `${id}@example.org` },
    t.clock.now(),
  );
}

async function addEvent(t: TestApp, e: EventInput, userId = 'u1') {
  const created = '2026-04-01T10:00:00.000Z';
  await t.deps.store.query(
    `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, hyperlink, creator_name, created_at, updated_at, sequence)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      e.id,
      userId,
      e.name,
      e.date,
      e.time,
      e.link ?? null,
      e.creator ?? 'Alex Scout',
      created,
      e.updatedAt ?? created,
      e.sequence ?? 0,
    ],
  );
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(testStoreKinds)('calendar feed (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup(timezone = 'America/New_York') {
    t = await buildTestApp({
      store: kind,
      config: { publicUrl: PUBLIC_URL, timezone },
      deps: { serviceKeys: oneServiceKey('sk_test_key') },
    });
    t.clock.set(NOW);
    const pid = t.deps.config.projectId;
    return { pid, token: await addUser(t, 'u1') };
  }

  async function feedUrl(pid: string, token: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/${pid}/feed-url`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { httpsUrl: string; webcalUrl: string };
  }

  /** What a calendar app does: GET the URL with no Authorization header. */
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

  it('gives a signed-in user a private https and webcal URL that stays the same on every visit', async () => {
    const { pid, token } = await setup();
    const urls = await feedUrl(pid, token);
    expect(urls.httpsUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/calendar/${pid}/feed/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    expect(urls.webcalUrl).toBe(urls.httpsUrl.replace('https://', 'webcal://'));
    expect(await feedUrl(pid, token)).toEqual(urls);
    const other = await feedUrl(pid, await addUser(t, 'u2'));
    expect(other.httpsUrl).not.toBe(urls.httpsUrl);
    const secret = /feed\/(.+)\.ics$/.exec(urls.httpsUrl)?.[1] ?? '';
    expect(redactUrl(new URL(urls.httpsUrl).pathname)).not.toContain(secret);
  });

  it('serves the feed without an Authorization header, as text/calendar that an independent parser reads', async () => {
    const { pid, token } = await setup();
    await addEvent(t, {
      id: 'event_1',
      name: 'Summer campfire, songs; s’mores',
      date: '2026-07-04',
      time: '18:30',
      link: 'https://scouts.example/fire',
    });
    await addEvent(t, {
      id: 'event_2',
      name: 'Winter hike 🥾 ❄️ Über den Berg 山',
      date: '2026-01-10',
      time: '09:00',
      creator: 'Dana',
    });
    const res = await fetchFeed((await feedUrl(pid, token)).httpsUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expectWellFramed(res.body);
    const { prop, events } = readCalendar(res.body);
    expect(prop('method')).toBe('PUBLISH');
    expect(prop('x-wr-calname')).toBe('Scout Leadership Platform Troop Calendar');
    expect(prop('x-wr-timezone')).toBe('America/New_York');
    expect(events).toEqual([
      {
        uid: 'event_2@troop.example.org',
        summary: 'Winter hike 🥾 ❄️ Über den Berg 山',
        description: 'Created by Dana',
        url: undefined,
        sequence: 0,
        start: '2026-01-10T14:00:00.000Z',
        end: '2026-01-10T15:00:00.000Z',
        dtstamp: '2026-05-01T12:00:00.000Z',
        lastModified: '2026-04-01T10:00:00.000Z',
        created: '2026-04-01T10:00:00.000Z',
        tzid: 'America/New_York',
        allDay: false,
      },
      {
        uid: 'event_1@troop.example.org',
        summary: 'Summer campfire, songs; s’mores',
        description: 'Created by Alex Scout\nhttps://scouts.example/fire',
        url: 'https://scouts.example/fire',
        sequence: 0,
        start: '2026-07-04T22:30:00.000Z',
        end: '2026-07-04T23:30:00.000Z',
        dtstamp: '2026-05-01T12:00:00.000Z',
        lastModified: '2026-04-01T10:00:00.000Z',
        created: '2026-04-01T10:00:00.000Z',
        tzid: 'America/New_York',
        allDay: false,
      },
    ]);
  });

  it('uses the troop time zone from the configuration', async () => {
    const { pid, token } = await setup('Europe/Berlin');
    await addEvent(t, { id: 's', name: 'Summer', date: '2026-07-04', time: '18:30' });
    await addEvent(t, { id: 'w', name: 'Winter', date: '2026-01-10', time: '09:00' });
    const { prop, events } = readCalendar(
      (await fetchFeed((await feedUrl(pid, token)).httpsUrl)).body,
    );
    expect(prop('x-wr-timezone')).toBe('Europe/Berlin');
    expect(events.map((e) => [e.summary, e.tzid, e.start])).toEqual([
      ['Winter', 'Europe/Berlin', '2026-01-10T08:00:00.000Z'],
      ['Summer', 'Europe/Berlin', '2026-07-04T16:30:00.000Z'],
    ]);
  });

  it('keeps long names with line breaks intact in lines of at most 75 octets', async () => {
    const { pid, token } = await setup();
    const name =
      `Annual court of honour\nbring: uniform, handbook; 🎖️ médailles 勲章 ${'and a very long tail '.repeat(8)}`.trim();
    await addEvent(t, { id: 'long', name, date: '2026-06-01', time: '19:00' });
    const res = await fetchFeed((await feedUrl(pid, token)).httpsUrl);
    const lines = expectWellFramed(res.body);
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(2);
    expect(readCalendar(res.body).events[0]?.summary).toBe(name);
  });

  it('shows a change with a higher SEQUENCE and a new LAST-MODIFIED, and drops a deleted event', async () => {
    const { pid, token } = await setup();
    await addEvent(t, { id: 'meet', name: 'Meeting', date: '2026-07-04', time: '18:30' });
    await addEvent(t, { id: 'gone', name: 'Cancelled', date: '2026-07-05', time: '10:00' });
    const url = (await feedUrl(pid, token)).httpsUrl;
    const before = readCalendar((await fetchFeed(url)).body).events.find(
      (e) => e.summary === 'Meeting',
    );
    expect(before?.sequence).toBe(0);

    await t.deps.store.query(
      'UPDATE calendar_events SET event_name = ?, event_time = ?, sequence = sequence + 1, updated_at = ? WHERE id = ?',
      ['Meeting (moved)', '19:00', '2026-05-02T08:00:00.000Z', 'meet'],
    );
    await t.deps.store.query('DELETE FROM calendar_events WHERE id = ?', ['gone']);
    const after = readCalendar((await fetchFeed(url)).body).events;
    expect(after.map((e) => [e.uid, e.summary, e.sequence, e.lastModified, e.start])).toEqual([
      [
        'meet@troop.example.org',
        'Meeting (moved)',
        1,
        '2026-05-02T08:00:00.000Z',
        '2026-07-04T23:00:00.000Z',
      ],
    ]);
  });

  it('stops the old URL at once on reset and shows the new one from then on', async () => {
    const { pid, token } = await setup();
    const old = await feedUrl(pid, token);
    expect((await fetchFeed(old.httpsUrl)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/calendar/${pid}/feed-url/reset`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json() as { httpsUrl: string; webcalUrl: string };
    expect(fresh.httpsUrl).not.toBe(old.httpsUrl);
    expect(fresh.webcalUrl).toBe(fresh.httpsUrl.replace('https://', 'webcal://'));
    const dead = await fetchFeed(old.httpsUrl);
    expect(dead.statusCode).toBe(404);
    expect(dead.headers['content-type']).toContain('application/json');
    expect(dead.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await fetchFeed(fresh.httpsUrl)).statusCode).toBe(200);
    expect(await feedUrl(pid, token)).toEqual(fresh);
  });

  it('answers a JSON 404 for a token never issued or a path that is not a feed file', async () => {
    const { pid, token } = await setup();
    const { httpsUrl } = await feedUrl(pid, token);
    const path = new URL(httpsUrl).pathname;
    for (const url of [
      `/api/calendar/${pid}/feed/${'A'.repeat(43)}.ics`,
      `/api/calendar/${pid}/feed/not-a-token.ics`,
      path.replace(/\.ics$/, ''),
      path.replace(/\.ics$/, '.json'),
      `/api/calendar/${pid}/feed/%27%20OR%201%3D1.ics`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND', error: { code: 'NOT_FOUND' } });
    }
  });

  it('asks for sign-in before showing or resetting a feed URL', async () => {
    const { pid } = await setup();
    for (const [method, url] of [
      ['GET', `/api/calendar/${pid}/feed-url`],
      ['POST', `/api/calendar/${pid}/feed-url/reset`],
    ] as const) {
      const anon = await t.app.inject({ method, url });
      expect(anon.statusCode, url).toBe(401);
      expect(anon.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      const forged = await t.app.inject({ method, url, headers: bearer('not.a.jwt') });
      expect(forged.statusCode, url).toBe(401);
    }
  });

  it('gives no feed URL to a service key: a feed belongs to a person', async () => {
    const { pid } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/${pid}/feed-url`,
      headers: bearer('sk_test_key'),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers PROJECT_NOT_FOUND for another project id on every calendar path', async () => {
    const { pid, token } = await setup();
    const { httpsUrl } = await feedUrl(pid, token);
    await addEvent(t, { id: 'e1', name: 'Meeting', date: '2026-07-04', time: '18:30' });
    for (const [method, url] of [
      ['GET', '/api/calendar/other-troop/feed-url'],
      ['POST', '/api/calendar/other-troop/feed-url/reset'],
      ['GET', new URL(httpsUrl).pathname.replace(`/${pid}/`, '/other-troop/')],
      ['GET', '/api/calendar/other-troop/events/e1.ics'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    }
  });

  it('downloads one event as an .ics attachment for a signed-in member', async () => {
    const { pid } = await setup();
    const other = await addUser(t, 'u2');
    await addEvent(t, {
      id: 'event_42',
      name: 'Café "Pack" night, 7pm',
      date: '2026-01-10',
      time: '09:00',
      link: 'https://scouts.example/cafe',
    });
    await addEvent(t, { id: 'event_43', name: 'Other', date: '2026-01-11', time: '09:00' });
    // Every member sees every event (docs/product.md section 6), not only the creator.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/${pid}/events/event_42.ics`,
      headers: bearer(other),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Cafe Pack night 7pm.ics"',
    );
    expectWellFramed(res.body);
    const { prop, events } = readCalendar(res.body);
    expect(prop('x-wr-calname')).toBeUndefined();
    expect(events.map((e) => [e.uid, e.summary, e.start, e.end, e.url])).toEqual([
      [
        'event_42@troop.example.org',
        'Café "Pack" night, 7pm',
        '2026-01-10T14:00:00.000Z',
        '2026-01-10T15:00:00.000Z',
        'https://scouts.example/cafe',
      ],
    ]);
  });

  it('refuses the single-event download to anonymous callers and answers 404 for an unknown event', async () => {
    const { pid, token } = await setup();
    await addEvent(t, { id: 'e1', name: 'Meeting', date: '2026-07-04', time: '18:30' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/calendar/${pid}/events/e1.ics` })).statusCode,
    ).toBe(401);
    for (const url of [
      `/api/calendar/${pid}/events/nope.ics`,
      `/api/calendar/${pid}/events/e1`,
      `/api/calendar/${pid}/events/.ics`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
