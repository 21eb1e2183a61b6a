/**
 * An open socket hears for its account only while that account and session stand: once the
 * member is removed, suspended or signs out everywhere, the socket is closed with the reason
 * and no further message (chat or calendar change feed) reaches it; an account waiting for
 * approval never gets one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { nextAddress, signUp } from '../../test/auth.ts';
import { FrameClient, listeningApp, tokenFor, type ListeningApp } from '../../test/realtime.ts';
import { callRest } from '../../test/rest.ts';
import { bearer as leaderBearer } from '../../test/storage.ts';
import { embeddedStore } from '../../test/test-app.ts';
import { manualClock } from '../clock.ts';
import { createRealtimeHub } from './hub.ts';
import { SESSION_CHECK_MAX_AGE_MS } from './session-watch.ts';

const CHANNELS = ['troop-12', 'calendar_events'];
const EVENT = { eventName: 'Campout', eventDate: '2031-05-02', eventTime: '18:00' };

describe.each(embeddedStore)('a socket whose account or session ends (%s)', (kind) => {
  let t: ListeningApp | undefined;
  const clients: FrameClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    await t?.close();
    t = undefined;
  });

  const app = () => t as ListeningApp;
  const pid = () => app().deps.config.projectId;

  async function listen(token: string) {
    const c = await FrameClient.connect(app().wsUrl);
    clients.push(c);
    c.send('auth', { token });
    await c.next('authenticated');
    for (const channel of CHANNELS) {
      c.send('subscribe', { channel });
      await c.next('subscribed');
    }
    return c;
  }

  const ends: [string, (ann: SessionResponse, leader: string) => Promise<number>][] = [
    [
      'a leader removes the account',
      async (ann, leader) =>
        (
          await app().app.inject({
            method: 'POST',
            url: `/api/members/${pid()}/${ann.user.id}/remove`,
            headers: { authorization: leader },
          })
        ).statusCode,
    ],
    [
      'a leader suspends the member',
      async (ann, leader) =>
        (
          await app().app.inject({
            method: 'POST',
            url: `/api/members/${pid()}/${ann.user.id}/suspend`,
            headers: { authorization: leader },
          })
        ).statusCode,
    ],
    [
      'the member signs out everywhere',
      async (ann) =>
        (
          await app().app.inject({
            method: 'POST',
            url: '/api/auth/signout',
            headers: { authorization: `Bearer ${ann.access_token}` },
            payload: {},
          })
        ).statusCode,
    ],
  ];

  it.each(ends)('hears nothing more once %s', async (_, end) => {
    t = await listeningApp({ store: kind });
    const leader = await leaderBearer(t, 'lee', 'leader');
    const ann = await signUp(t);
    const bobToken = await tokenFor(t, 'user-bob');
    const annHears = await listen(ann.access_token);
    const bobHears = await listen(bobToken);

    expect(await end(ann, leader)).toBe(200);
    // Later than a socket may go unchecked: the next message makes every socket look again.
    t.clock.advance(SESSION_CHECK_MAX_AGE_MS + 1);
    const created = await callRest(t, 'POST', 'calendar_events', { token: bobToken, body: EVENT });
    expect(created.statusCode).toBe(201);
    bobHears.send('publish', { channel: 'troop-12', type: 'chat', data: 'after' });

    const skip = { skip: ['presence', 'published'] };
    expect((await bobHears.next('message', skip)).payload).toMatchObject({
      channel: 'calendar_events',
    });
    expect((await bobHears.next('message', skip)).payload).toMatchObject({ channel: 'troop-12' });
    const closed = await annHears.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/no longer exists|suspended|session has ended/);
    expect(annHears.frames.filter((f) => f.type === 'error').map((f) => f.payload.code)).toEqual([
      expect.stringMatching(/^(TOKEN_EXPIRED|ACCOUNT_SUSPENDED)$/),
    ]);
    expect(annHears.frames.filter((f) => f.type === 'message')).toEqual([]);
  });

  it('closes a suspended member’s quiet socket on its own, with no message sent', async () => {
    const hub = createRealtimeHub({ clock: manualClock(Date.now()), sessionCheckIntervalMs: 20 });
    t = await listeningApp({ store: kind, deps: { realtime: hub } });
    const leader = await leaderBearer(t, 'lee', 'leader');
    const ann = await signUp(t);
    const annHears = await listen(ann.access_token);
    const suspended = await t.app.inject({
      method: 'POST',
      url: `/api/members/${pid()}/${ann.user.id}/suspend`,
      headers: { authorization: leader },
    });
    expect(suspended.statusCode).toBe(200);
    expect(await annHears.closed).toEqual({
      code: 1008,
      reason: 'Your membership is suspended. Please contact a leader of the troop.',
    });
    expect(annHears.frames.at(-1)?.payload).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
  });

  it('gives an account waiting for approval no socket, so it hears nothing', async () => {
    t = await listeningApp({ store: kind, config: { signupMode: 'approval' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: {
        email: 'waiting@troop12.org',
        password: 'correct horse battery',
        projectId: pid(),
      },
    });
    const waiting = res.json<SessionResponse>();
    expect(waiting.user.status).toBe('pending');
    const bobHears = await listen(await tokenFor(t, 'user-bob'));

    const c = await FrameClient.connect(t.wsUrl);
    clients.push(c);
    c.send('auth', { token: waiting.access_token });
    expect((await c.next('error')).payload).toMatchObject({ code: 'ACCOUNT_PENDING' });
    c.send('subscribe', { channel: 'troop-12' });
    bobHears.send('publish', { channel: 'troop-12', type: 'chat', data: 'members only' });
    await bobHears.next('message', { skip: ['presence', 'published'] });
    expect((await c.closed).code).toBe(1008);
    expect(c.frames.filter((f) => f.type === 'message' || f.type === 'subscribed')).toEqual([]);
  });
});
