/**
 * What an account that waits for a leader (or that a leader suspended) reaches, route by route
 * (docs/operations.md, Who may join): nothing of the troop, only its own profile under
 * /api/auth (and, for a scout, the household link a parent made for it, which is how a parent
 * confirms it: households/invitations.ts has its own tests). The table lists every route that shows or changes something of the troop; each
 * must answer 403 with the account's status as its code, whatever app role the account holds:
 * an admin may give a waiting account a role before letting it in, and only an admin suspends
 * another admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { bearer as bearerOf, nextAddress, PASSWORD } from '../../test/auth.ts';
import { memberAction } from '../../test/members.ts';
import { FrameClient, listeningApp, tokenFor, type ListeningApp } from '../../test/realtime.ts';
import { multipart, upload } from '../../test/storage.ts';
import { embeddedStore } from '../../test/test-app.ts';
import { getOrCreateFeedToken } from '../calendar/feed-tokens.ts';
import { deriveFeedTokenKey } from '../calendar/token-crypto.ts';
import { forgetAccount } from '../auth/session-check.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Probe {
  method: Method;
  url: string;
  payload?: unknown;
  /** A multipart body (storage uploads, file extraction) instead of JSON. */
  form?: { path?: string; data: string };
}

interface Account {
  id: string;
  token: string;
  /** A feed URL made for it (it was active once, or the URL leaked). */
  feed?: string;
  /** The code every troop route answers it with. */
  code: 'ACCOUNT_PENDING' | 'ACCOUNT_SUSPENDED';
}

const EVENT = { eventName: 'Canoe trip', eventDate: '2031-06-14', eventTime: '09:00' };

describe.each(embeddedStore)('what a waiting or suspended account reaches (%s)', (kind) => {
  let t: ListeningApp;
  let eventId: string;
  const accounts: Record<string, Account> = {};
  const pid = () => t.deps.config.projectId;

  const send = async (token: string, probe: Probe) => {
    const auth = { authorization: `Bearer ${token}` };
    if (probe.form) {
      const { payload, headers } = await multipart(probe.form);
      return t.app.inject({
        method: probe.method,
        url: probe.url,
        headers: { ...headers, ...auth },
        payload,
      });
    }
    return t.app.inject({
      method: probe.method,
      url: probe.url,
      headers: auth,
      remoteAddress: nextAddress(),
      ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
    });
  };

  /** Every route of the troop, as a member would call it; `self` is the caller's own id. */
  const troopRoutes = (self: string): Record<string, Probe> => {
    const db = `/api/db/${pid()}`;
    const rest = `${db}/rest/v1`;
    const cal = `/api/calendar/${pid()}`;
    const event = `${cal}/events/${eventId}`;
    const house = `/api/households/${pid()}`;
    const members = `/api/members/${pid()}`;
    const rt = `/api/realtime/${pid()}`;
    const files = `/api/storage/${pid()}`;
    const ai = `/api/ai/${pid()}`;
    const data = `/api/data/${pid()}`;
    const routes: Record<string, Probe> = {
      // The Data API: the tables it declares, one a leader made, and one not made yet.
      'events: list': { method: 'GET', url: `${rest}/calendar_events` },
      'events: one by id': { method: 'GET', url: `${rest}/calendar_events?id=eq.${eventId}` },
      'events: create': { method: 'POST', url: `${rest}/calendar_events`, payload: EVENT },
      'events: change': {
        method: 'PATCH',
        url: `${rest}/calendar_events?id=eq.${eventId}`,
        payload: { location: 'Lake' },
      },
      'events: delete': { method: 'DELETE', url: `${rest}/calendar_events?id=eq.${eventId}` },
      'users: list': { method: 'GET', url: `${rest}/users` },
      'users: own row': { method: 'GET', url: `${rest}/users?id=eq.${self}` },
      'users: change own row': {
        method: 'PATCH',
        url: `${rest}/users?id=eq.${self}`,
        payload: { display_name: 'Sam' },
      },
      'custom_users: list': { method: 'GET', url: `${rest}/custom_users` },
      'custom_users: create': {
        method: 'POST',
        url: `${rest}/custom_users`,
        payload: { user_id: self, bio: 'x' },
      },
      "a leader's table: list": { method: 'GET', url: `${rest}/patrol_log` },
      "a leader's table: add": {
        method: 'POST',
        url: `${rest}/patrol_log`,
        payload: { text: 'x' },
      },
      'a new table: create': {
        method: 'POST',
        url: `${rest}/waiting_notes`,
        payload: { text: 'x' },
      },
      sql: { method: 'POST', url: `${db}/sql`, payload: { sql: 'SELECT 1' } },
      'sql batch': {
        method: 'POST',
        url: `${db}/batch`,
        payload: { statements: [{ sql: 'SELECT 1' }] },
      },
      // Storage: its own area, the troop area, and removing.
      'storage: upload to own area': {
        method: 'POST',
        url: `${files}/upload`,
        form: { path: `users/${self}/note.txt`, data: 'x' },
      },
      'storage: upload an avatar': {
        method: 'POST',
        url: `${files}/upload`,
        form: { path: `avatars/${self}-1.txt`, data: 'x' },
      },
      'storage: upload to troop/': {
        method: 'POST',
        url: `${files}/upload`,
        form: { path: 'troop/plan.txt', data: 'x' },
      },
      'storage: download from own area': {
        method: 'GET',
        url: `${files}/download?path=users/${self}/note.txt`,
      },
      'storage: download from troop/': {
        method: 'GET',
        url: `${files}/download?path=troop/packing-list.txt`,
      },
      'storage: remove': {
        method: 'DELETE',
        url: `${files}/remove`,
        payload: { paths: [`users/${self}/note.txt`] },
      },
      // Realtime over HTTP (the socket has its own test below).
      'realtime: publish': {
        method: 'POST',
        url: `${rt}/publish`,
        payload: { channel: 'troop', type: 'hello', data: {} },
      },
      'realtime: history': { method: 'GET', url: `${rt}/messages?channel=troop` },
      'realtime: presence': { method: 'GET', url: `${rt}/presence?channel=troop` },
      // The calendar: feed, occurrences, an event's file and changes to occurrences.
      'calendar: feed URL': { method: 'GET', url: `${cal}/feed-url` },
      'calendar: new feed URL': { method: 'POST', url: `${cal}/feed-url/reset` },
      'calendar: occurrences': {
        method: 'GET',
        url: `${cal}/occurrences?from=2031-06-01&to=2031-06-30`,
      },
      'calendar: event .ics': { method: 'GET', url: `${event}.ics` },
      'calendar: change an occurrence': {
        method: 'PATCH',
        url: `${event}/occurrences/2031-06-14`,
        payload: { changes: { location: 'Lake' } },
      },
      'calendar: cancel an occurrence': {
        method: 'POST',
        url: `${event}/occurrences/2031-06-14/cancel`,
        payload: {},
      },
      'calendar: delete an occurrence': {
        method: 'DELETE',
        url: `${event}/occurrences/2031-06-14`,
      },
      // RSVPs.
      'rsvps: read': { method: 'GET', url: `${event}/rsvps` },
      'rsvps: answer': {
        method: 'PUT',
        url: `${event}/rsvps`,
        payload: { attendee: { userId: self }, answer: 'yes' },
      },
      'rsvps: csv': { method: 'GET', url: `${event}/rsvps.csv` },
      // Households and scouts.
      'households: own': { method: 'GET', url: `${house}/mine` },
      'households: add a scout': {
        method: 'POST',
        url: `${house}/mine/scouts`,
        payload: { firstName: 'Robin', lastName: 'Lee' },
      },
      'households: invite an adult': {
        method: 'POST',
        url: `${house}/mine/invitations`,
        payload: { kind: 'adult' },
      },
      'households: scouts': { method: 'GET', url: `${house}/scouts` },
      'households: roster': { method: 'GET', url: `${house}/roster` },
      // Members and letting people in.
      'members: list': { method: 'GET', url: members },
      'members: change a role': {
        method: 'PATCH',
        url: `${members}/${self}`,
        payload: { role: 'leader' },
      },
      'members: approve oneself': { method: 'POST', url: `${members}/${self}/approve` },
      'members: suspend another': { method: 'POST', url: `${members}/mo/suspend` },
      'members: invitations': { method: 'GET', url: `${members}/invitations` },
      'members: invite': { method: 'POST', url: `${members}/invitations`, payload: {} },
      'members: audit log': { method: 'GET', url: `${members}/audit` },
      // Mail from the troop, and notice settings.
      'notifications: send mail': {
        method: 'POST',
        url: `/api/notifications/${pid()}/email`,
        payload: { to: 'a@troop12.org', subject: 'Hi', text: 'Hello' },
      },
      'notifications: settings': { method: 'GET', url: `/api/notifications/${pid()}/settings` },
      // Links that sign someone in, which admins may make.
      'auth: make a sign-in link': {
        method: 'POST',
        url: '/api/auth/signin/magic/generate',
        payload: { email: 'mo@troop12.org' },
      },
      'auth: make a reset link': {
        method: 'POST',
        url: '/api/auth/password/reset/generate',
        payload: { email: 'mo@troop12.org' },
      },
      // The AI gateway, web data and analytics.
      'ai: text': { method: 'POST', url: `${ai}/text`, payload: { prompt: 'hello' } },
      'ai: object': { method: 'POST', url: `${ai}/object`, payload: { prompt: 'x', enum: ['a'] } },
      'ai: image': { method: 'POST', url: `${ai}/image`, payload: { prompt: 'a tent' } },
      'ai: speech': { method: 'POST', url: `${ai}/speech`, payload: { text: 'hello' } },
      'ai: transcribe': { method: 'POST', url: `${ai}/transcribe`, payload: { audio: 'x' } },
      'ai: usage': { method: 'GET', url: `${ai}/usage` },
      'web data: extract from url': {
        method: 'POST',
        url: `${data}/extract-from-url`,
        payload: { url: 'https://example.org/' },
      },
      'web data: extract from a file': {
        method: 'POST',
        url: `${data}/extract-from-blob`,
        form: { data: 'plain text' },
      },
      'web data: scrape': {
        method: 'POST',
        url: `${data}/scrape`,
        payload: { url: 'https://example.org/' },
      },
      'web data: screenshot': {
        method: 'POST',
        url: `${data}/screenshot`,
        payload: { url: 'https://example.org/' },
      },
      'web data: fetch': {
        method: 'POST',
        url: `${data}/fetch`,
        payload: { url: 'https://example.org/' },
      },
      'web data: search': { method: 'POST', url: `${data}/search`, payload: { q: 'knots' } },
      'analytics: stats': { method: 'GET', url: `/api/analytics/${pid()}/stats` },
    };
    return routes;
  };

  beforeAll(async () => {
    t = await listeningApp({ store: kind, config: { signupMode: 'approval' } });
    const leader = `Bearer ${await tokenFor(t, 'lee', 'leader')}`;
    const admin = `Bearer ${await tokenFor(t, 'ada', 'admin')}`;
    const secondAdmin = await tokenFor(t, 'abe', 'admin');
    await tokenFor(t, 'mo', 'user');

    // The troop has an event, a table a leader made, and a troop file.
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/db/${pid()}/rest/v1/calendar_events`,
      headers: { authorization: leader, prefer: 'return=representation' },
      payload: EVENT,
    });
    expect(event.statusCode).toBe(201);
    eventId = event.json()[0].id;
    const table = await t.app.inject({
      method: 'POST',
      url: `/api/db/${pid()}/rest/v1/patrol_log`,
      headers: { authorization: leader },
      payload: { text: 'Knots practised' },
    });
    expect(table.statusCode).toBe(201);
    const file = await upload(t, leader, { path: 'troop/packing-list.txt', data: 'tent' });
    expect(file.statusCode).toBe(200);

    const signUp = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: nextAddress(),
        payload: {
          email: `waiting.${Math.random().toString(36).slice(2)}@troop12.org`,
          password: PASSWORD,
          projectId: pid(),
        },
      });
      const session = res.json<SessionResponse>();
      expect(session.user.status).toBe('pending');
      return session;
    };
    const newcomer = await signUp();
    accounts['a newcomer'] = {
      id: newcomer.user.id,
      token: newcomer.access_token,
      code: 'ACCOUNT_PENDING',
    };
    const named = await signUp();
    const promoted = await t.app.inject({
      method: 'PATCH',
      url: `/api/members/${pid()}/${named.user.id}`,
      headers: { authorization: admin },
      payload: { role: 'admin' },
    });
    expect(promoted.json().member).toMatchObject({ role: 'admin', status: 'pending' });
    accounts['a newcomer already given the admin role'] = {
      id: named.user.id,
      token: named.access_token,
      code: 'ACCOUNT_PENDING',
    };
    expect((await memberAction(t, admin, 'abe', 'suspend')).json().member.status).toBe('suspended');
    accounts['a suspended admin'] = { id: 'abe', token: secondAdmin, code: 'ACCOUNT_SUSPENDED' };
    for (const account of Object.values(accounts))
      account.feed = (
        await getOrCreateFeedToken(
          t.deps.store,
          deriveFeedTokenKey(t.deps.jwtSecret),
          { userId: account.id, troopId: FIRST_TROOP_ID },
          t.clock.now(),
        )
      ).token;
  });
  afterAll(async () => t?.close());

  const cases = [
    'a newcomer',
    'a newcomer already given the admin role',
    'a suspended admin',
  ] as const;

  /** The calendar feed, which calendar apps fetch with the secret URL alone. */
  const feed = (account: Account) =>
    t.app.inject({ method: 'GET', url: `/api/calendar/${pid()}/feed/${account.feed}.ics` });

  it.each(cases)('%s reaches nothing of the troop', async (who) => {
    const account = accounts[who]!;
    const got: Record<string, string> = {};
    const want: Record<string, string> = {};
    for (const [what, probe] of Object.entries(troopRoutes(account.id))) {
      const res = await send(account.token, probe);
      got[what] = `${res.statusCode} ${res.json().code}`;
      want[what] = `403 ${account.code}`;
    }
    expect(got).toEqual(want);
    // A feed URL made for the account answers as one never made: a calendar app learns nothing.
    const subscribed = await feed(account);
    expect(`${subscribed.statusCode} ${subscribed.json().code}`).toBe('404 NOT_FOUND');
  });

  it.each(cases)('%s is refused a realtime socket', async (who) => {
    const account = accounts[who]!;
    const socket = await FrameClient.connect(t.wsUrl);
    socket.send('auth', { token: account.token });
    const answer = await socket.next('error');
    expect(answer.payload.code).toBe(account.code);
    // The socket closes: nothing can be subscribed or heard on it.
    expect((await socket.closed).code).toBe(1008);
  });

  it('once approved, the same token and feed reach the troop', async () => {
    const account = accounts['a newcomer']!;
    const admin = `Bearer ${await tokenFor(t, 'ada', 'admin')}`;
    expect((await memberAction(t, admin, account.id, 'approve')).statusCode).toBe(200);
    for (const what of ['events: list', 'storage: download from troop/', 'households: roster']) {
      const res = await send(account.token, troopRoutes(account.id)[what]!);
      expect(res.statusCode, what).toBe(200);
    }
    const subscribed = await feed(account);
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.body).toContain('SUMMARY:Canoe trip');
    // Back to the state the next test expects of it.
    await t.deps.store.query(`UPDATE users SET status = 'pending' WHERE id = ?`, [account.id]);
    forgetAccount(t.deps.store, account.id);
  });

  it.each(cases)('%s reaches its own profile, and signs out', async (who) => {
    const account = accounts[who]!;
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearerOf(account.token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user).toMatchObject({
      id: account.id,
      status: account.code === 'ACCOUNT_PENDING' ? 'pending' : 'suspended',
    });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearerOf(account.token),
      payload: { displayName: 'Sam Waiting' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.displayName).toBe('Sam Waiting');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: bearerOf(account.token),
      payload: {},
    });
    expect(out.statusCode).toBe(200);
  });
});
