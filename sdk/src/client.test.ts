import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorageKey } from '@scout/protocol/limits';
import { createClient, createCoreClient, type ScoutClient } from './client.ts';
import { BASE_URL, FakeApi, jsonReply } from '../test/fake-api.ts';
import { FakeAuthServer } from '../test/fake-auth-server.ts';
import { FakeStorage, FakeWindow } from '../test/fake-browser.ts';
import { FakeSocket, settle } from '../test/realtime-fakes.ts';

interface CalendarEvent {
  id: string;
  eventName: string;
}

const clients: ScoutClient<object>[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) {
    c.realtime.close();
    c.auth.dispose();
  }
  FakeSocket.all = [];
  vi.unstubAllGlobals();
});

function open(options: { authRequired?: boolean } = {}) {
  const api = new FakeApi();
  const server = new FakeAuthServer(api);
  const win = new FakeWindow('https://app.scout.test/', new FakeStorage());
  const client = createClient<{ calendarEvents: CalendarEvent }>({
    projectId: 'troop-42',
    baseUrl: `${BASE_URL}/`,
    fetch: api.fetch,
    window: win,
    ...options,
  });
  clients.push(client);
  return { api, server, win, client };
}

describe('createClient', () => {
  it('signs in and sends the bearer token with database calls', async () => {
    const { api, client, win } = open();
    api.on('GET', '/api/db/troop-42/rest/v1/calendar_events', () =>
      jsonReply(200, [{ id: 'event_1', event_name: 'Camp' }]),
    );
    await client.auth.ready();
    await client.auth.signInWithEmail('kim@troop42.test', 'correct horse');
    const events = await client.db.calendarEvents.list({ orderBy: { eventName: 'asc' } });
    expect(events).toEqual([{ id: 'event_1', eventName: 'Camp' }]);
    const dbCall = api.requests.at(-1)!;
    expect(dbCall.headers.authorization).toBe(
      `Bearer ${client.auth.getState().tokens!.access_token}`,
    );
    expect(win.localStorage.getItem(tokenStorageKey('troop-42'))).not.toBeNull();
  });

  it('keeps one sign-in across the project ids of one server when given one token key', async () => {
    const api = new FakeApi();
    new FakeAuthServer(api);
    const win = new FakeWindow('https://app.scout.test/', new FakeStorage());
    const make = (projectId: string) => {
      const client = createClient<{ calendarEvents: CalendarEvent }>({
        projectId,
        tokenProjectId: 'troop-12',
        baseUrl: BASE_URL,
        fetch: api.fetch,
        window: win,
      });
      clients.push(client);
      return client;
    };
    const home = make('troop-12');
    await home.auth.ready();
    await home.auth.signInWithEmail('kim@troop42.test', 'correct horse');
    const token = home.auth.getState().tokens!.access_token;
    expect(win.localStorage.getItem(tokenStorageKey('troop-12'))).not.toBeNull();

    // The app switched troops: a client of the other project id finds the same session.
    const other = make('troop-45');
    expect((await other.auth.ready()).isAuthenticated).toBe(true);
    api.on('GET', '/api/db/troop-45/rest/v1/calendar_events', () => jsonReply(200, []));
    await other.db.calendarEvents.list();
    expect(api.requests.at(-1)!.headers.authorization).toBe(`Bearer ${token}`);
    expect(win.localStorage.getItem(tokenStorageKey('troop-45'))).toBeNull();
  });

  it('is signed out, not redirected, by default', async () => {
    const { client, win } = open();
    expect((await client.auth.ready()).isAuthenticated).toBe(false);
    expect(win.location.href).toBe('https://app.scout.test/');
  });

  it('redirects to the hosted auth page when authRequired is set', async () => {
    const { client, win } = open({ authRequired: true });
    await client.auth.ready();
    expect(win.location.href).toMatch(new RegExp(`^${BASE_URL}/auth\\?redirect_url=`));
  });

  it('keeps tokens in memory when there is no window', async () => {
    const api = new FakeApi();
    new FakeAuthServer(api);
    const client = createClient({ projectId: 'troop-42', baseUrl: BASE_URL, fetch: api.fetch });
    clients.push(client);
    await client.auth.ready();
    await client.auth.signInWithEmail('kim@troop42.test', 'correct horse');
    expect(client.auth.getState().isAuthenticated).toBe(true);
  });

  it('gives realtime a new socket, with the new token, when someone signs in or out', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const { client } = open();
    await client.auth.ready();
    void client.realtime.channel('calendar_events').subscribe();
    await settle();
    const anonymous = FakeSocket.all[0]!;
    expect(anonymous.url).toBe('wss://api.scout.test/api/realtime/ws?project_id=troop-42');
    anonymous.open();
    expect(anonymous.types()).toEqual(['subscribe']);

    await client.auth.signInWithEmail('kim@troop42.test', 'correct horse');
    await settle();
    expect(anonymous.closedByClient).toBe(true);
    const signedIn = FakeSocket.all[1]!;
    signedIn.open();
    expect(signedIn.sent[0]).toEqual({
      type: 'auth',
      payload: { token: client.auth.getState().tokens!.access_token },
    });

    await client.auth.signOut();
    await settle();
    expect(signedIn.closedByClient).toBe(true);
    const signedOut = FakeSocket.all[2]!;
    signedOut.open();
    expect(signedOut.types()).toEqual(['subscribe']);
  });

  it('needs a project id', () => {
    expect(() => createClient({ projectId: '' })).toThrow(TypeError);
  });
});

describe('createCoreClient', () => {
  it('builds every module but the AI and web-data gateways, which createClient adds', () => {
    const core = createCoreClient({ projectId: 'troop-42', baseUrl: 'https://api.scout.test' });
    const whole = createClient({ projectId: 'troop-42', baseUrl: 'https://api.scout.test' });
    const modules = (c: object) => Object.keys(c).sort();
    expect(modules(core)).toEqual([
      'analytics',
      'auth',
      'calendar',
      'db',
      'households',
      'http',
      'members',
      'newsletter',
      'notifications',
      'realtime',
      'rsvps',
      'social',
      'storage',
      'troops',
      'volunteer',
    ]);
    expect(modules(whole)).toEqual([...modules(core), 'ai', 'data'].sort());
    expect(() => createCoreClient({ projectId: '' })).toThrow(TypeError);
  });
});
