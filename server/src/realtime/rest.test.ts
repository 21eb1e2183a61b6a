import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_BURST, FRAMES_PER_SECOND } from './socket.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { HISTORY_MAX_AGE_MS } from './bus.ts';
import { tokenFor } from '../../test/realtime.ts';

describe.each(embeddedStore)('realtime REST (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const base = () => `/api/realtime/${t.deps.config.projectId}`;
  const auth = async (userId = 'user-ann') => ({
    authorization: `Bearer ${await tokenFor(t, userId)}`,
  });
  const publish = async (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${base()}/publish`,
      headers,
      payload: payload as Record<string, unknown>,
    });
  const messages = async (query: string, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `${base()}/messages?${query}`,
      headers: headers ?? (await auth()),
    });

  it('publishes as the token user and answers the message id', async () => {
    t = await buildTestApp({ store: kind });
    const res = await publish(
      { channel: 'troop-12', type: 'chat', data: { text: 'Campout' }, userId: 'user-bob' },
      await auth('user-ann'),
    );
    expect(res.statusCode).toBe(200);
    const { messageId } = res.json();
    expect(messageId).toMatch(/^\d+-\d+$/);
    const list = await messages('channel=troop-12');
    expect(list.json()).toEqual({
      messages: [
        {
          channel: 'troop-12',
          id: messageId,
          type: 'chat',
          data: { text: 'Campout' },
          timestamp: t.clock.now(),
          userId: 'user-ann',
        },
      ],
    });
  });

  it('limits publishing over HTTP as a socket is limited: bursts of 100, then 429 with Retry-After', async () => {
    t = await buildTestApp({ store: kind });
    const ann = await auth('user-ann');
    for (let i = 0; i < FRAME_BURST; i++) {
      expect((await publish({ channel: 'troop-12', type: 'chat', data: i }, ann)).statusCode).toBe(
        200,
      );
    }
    const flood = await publish({ channel: 'troop-12', type: 'chat', data: 'one too many' }, ann);
    expect(flood.statusCode).toBe(429);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    // Another member is not held back, and the first may go on once the window has passed.
    expect(
      (await publish({ channel: 'troop-12', type: 'chat', data: 'bob' }, await auth('user-bob')))
        .statusCode,
    ).toBe(200);
    t.clock.advance((FRAME_BURST / FRAMES_PER_SECOND) * 1000 + 1);
    expect(
      (await publish({ channel: 'troop-12', type: 'chat', data: 'later' }, ann)).statusCode,
    ).toBe(200);
  });

  it('needs a bearer token except on channels open to anonymous callers', async () => {
    t = await buildTestApp({ store: kind, config: { realtimeAnonymousChannels: ['lobby'] } });
    const closed = await publish({ channel: 'troop-12', type: 'chat', data: 1 });
    expect(closed.statusCode).toBe(401);
    expect(closed.json()).toMatchObject({ code: 'UNAUTHORIZED', error: { code: 'UNAUTHORIZED' } });
    expect(
      (await t.app.inject({ method: 'GET', url: `${base()}/presence?channel=troop-12` }))
        .statusCode,
    ).toBe(401);
    expect((await messages('channel=troop-12', {})).statusCode).toBe(401);

    const open = await publish({ channel: 'lobby', type: 'chat', data: 1 });
    expect(open.statusCode).toBe(200);
    const list = await messages('channel=lobby', {});
    expect(list.json().messages).toHaveLength(1);
    expect(list.json().messages[0]).not.toHaveProperty('userId');
  });

  it('refuses an invalid token with 401 and an unknown project with 404', async () => {
    t = await buildTestApp({ store: kind });
    const bad = await publish(
      { channel: 'troop-12', type: 'chat' },
      { authorization: 'Bearer nope' },
    );
    expect(bad.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/realtime/other-project/publish',
      headers: await auth(),
      payload: { channel: 'troop-12', type: 'chat' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PROJECT_NOT_FOUND');
  });

  it.each([
    ['a bad channel name', { channel: 'troop 12', type: 'chat' }, 400],
    ['a missing channel', { type: 'chat' }, 400],
    ['a missing type', { channel: 'troop-12', data: 1 }, 400],
    ['a body that is not an object', [1, 2], 400],
    ['a message over 64 KB', { channel: 'troop-12', type: 'chat', data: 'x'.repeat(70_000) }, 413],
  ])('answers %s with a JSON 4xx', async (_name, payload, status) => {
    t = await buildTestApp({ store: kind });
    const res = await publish(payload, await auth());
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('pages history with exclusive start and end ids, - and + as the ends', async () => {
    t = await buildTestApp({ store: kind });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      t.clock.advance(i % 2);
      ids.push(
        (await publish({ channel: 'troop-12', type: 'n', data: i }, await auth())).json().messageId,
      );
    }
    const data = async (q: string) =>
      (await messages(`channel=troop-12&${q}`))
        .json()
        .messages.map((m: { data: number }) => m.data);
    expect(await data('start=-&end=%2B')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await data('limit=2')).toEqual([4, 5]);
    expect(await data(`start=${ids[1]}&limit=2`)).toEqual([2, 3]);
    expect(await data(`end=${ids[3]}&limit=2`)).toEqual([1, 2]);
    expect(await data(`start=${ids[0]}&end=${ids[5]}`)).toEqual([1, 2, 3, 4]);
    expect(await data(`start=${ids[5]}`)).toEqual([]);
    expect((await messages('channel=troop-13')).json().messages).toEqual([]);
  });

  it('answers bad history parameters with 400', async () => {
    t = await buildTestApp({ store: kind });
    for (const q of [
      'channel=troop-12&start=yesterday',
      'channel=troop-12&limit=0',
      'channel=troop-12&limit=5000',
      'channel=troop-12&limit=abc',
      'limit=5',
    ]) {
      const res = await messages(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('forgets messages older than 24 hours', async () => {
    t = await buildTestApp({ store: kind });
    await publish({ channel: 'troop-12', type: 'n', data: 'old' }, await auth());
    t.clock.advance(HISTORY_MAX_AGE_MS - 1000);
    await publish({ channel: 'troop-12', type: 'n', data: 'new' }, await auth());
    t.clock.advance(2000);
    const res = await messages('channel=troop-12');
    expect(res.json().messages.map((m: { data: string }) => m.data)).toEqual(['new']);
  });

  it('accepts a channel name encoded twice', async () => {
    t = await buildTestApp({ store: kind });
    await publish({ channel: 'troop:12', type: 'n', data: 1 }, await auth());
    const res = await messages('channel=troop%253A12');
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toHaveLength(1);
  });

  it('lists nobody on a channel no socket joined', async () => {
    t = await buildTestApp({ store: kind });
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/presence?channel=troop-12`,
      headers: await auth(),
    });
    expect(res.json()).toEqual({ users: [] });
  });
});
