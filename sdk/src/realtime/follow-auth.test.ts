/** The socket acts as whoever is signed in now: a sign-in or sign-out gets a new socket. */
import { afterEach, describe, expect, it } from 'vitest';
import { RealtimeClient, type RealtimeAuth } from '../realtime.ts';
import { FakeSocket, manualTimers, settle } from '../../test/realtime-fakes.ts';

/** An auth client stand-in: who is signed in, and token requests the test may hold back. */
class FakeAuth implements RealtimeAuth {
  user: { id: string } | null = null;
  holdTokens = false;
  readonly held: Array<() => void> = [];
  private readonly listeners = new Set<(state: { user: { id: string } | null }) => void>();

  getValidAccessToken(): Promise<string | null> {
    const token = this.user ? `tok-${this.user.id}` : null;
    if (!this.holdTokens) return Promise.resolve(token);
    return new Promise((resolve) => this.held.push(() => resolve(token)));
  }

  onAuthStateChanged(listener: (state: { user: { id: string } | null }) => void) {
    this.listeners.add(listener);
    listener({ user: this.user });
    return () => void this.listeners.delete(listener);
  }

  /** Sign-in, sign-out or a refresh: the state changes and listeners hear it. */
  set(id: string | null) {
    this.user = id === null ? null : { id };
    for (const l of [...this.listeners]) l({ user: this.user });
  }

  get listening() {
    return this.listeners.size;
  }
}

const clients: RealtimeClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  FakeSocket.all = [];
});

function open(auth: FakeAuth) {
  const timers = manualTimers();
  const client = new RealtimeClient({
    projectId: 'troop-42',
    baseUrl: 'https://api.scout.test',
    auth,
    WebSocket: FakeSocket,
    timers,
    now: timers.now,
    backoff: () => 1000,
  });
  clients.push(client);
  return client;
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;

/** The newest socket opens; the server greets it (and accepts its token, if it sent one). */
async function serverAccepts(userId?: string) {
  await settle();
  const s = latest();
  s.open();
  s.reply('connected', { connectionId: `c${FakeSocket.all.length}` });
  if (userId) s.reply('authenticated', { userId });
  return s;
}

describe('realtime client following the signed-in user', () => {
  it('reconnects with the new token when someone signs in, and subscribes again', async () => {
    const auth = new FakeAuth();
    const client = open(auth);
    const ch = client.channel('calendar_events');
    let acks = 0;
    ch.onSubscribed(() => acks++);
    const subscribed = ch.subscribe();
    const anonymous = await serverAccepts();
    expect(anonymous.types()).toEqual(['subscribe']);
    anonymous.reply('subscribed', { channel: 'calendar_events' });
    await subscribed;

    auth.set('user-ann');
    expect(anonymous.closedByClient).toBe(true);
    expect(ch.isSubscribed).toBe(false);
    const ann = await serverAccepts('user-ann');
    expect(FakeSocket.all).toHaveLength(2);
    expect(ann.sent).toEqual([
      { type: 'auth', payload: { token: 'tok-user-ann' } },
      { type: 'subscribe', payload: { channel: 'calendar_events' } },
    ]);
    ann.reply('subscribed', { channel: 'calendar_events' });
    expect(ch.isSubscribed).toBe(true);
    expect(client.userId).toBe('user-ann');
    expect(acks).toBe(2);
  });

  it('keeps the socket when the same user refreshes a token, and drops it on sign-out', async () => {
    const auth = new FakeAuth();
    auth.set('user-ann');
    const client = open(auth);
    void client.channel('calendar_events').subscribe();
    const ann = await serverAccepts('user-ann');

    auth.set('user-ann');
    await settle();
    expect(FakeSocket.all).toHaveLength(1);
    expect(ann.closedByClient).toBe(false);

    auth.set(null);
    expect(ann.closedByClient).toBe(true);
    const signedOut = await serverAccepts();
    expect(signedOut.types()).toEqual(['subscribe']);
    expect(client.userId).toBeUndefined();
  });

  it('switches straight from one member to another', async () => {
    const auth = new FakeAuth();
    auth.set('user-ann');
    const client = open(auth);
    void client.channel('calendar_events').subscribe();
    await serverAccepts('user-ann');
    auth.set('user-bob');
    const bob = await serverAccepts('user-bob');
    expect(bob.sent[0]).toEqual({ type: 'auth', payload: { token: 'tok-user-bob' } });
    expect(client.userId).toBe('user-bob');
  });

  it('opens no socket for a sign-in while nothing is subscribed, and none after the last channel left', async () => {
    const auth = new FakeAuth();
    const client = open(auth);
    auth.set('user-ann');
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    expect(client.connectionStatus).toBe('idle');

    const ch = client.channel('calendar_events');
    void ch.subscribe();
    const s = await serverAccepts('user-ann');
    expect(s.sent[0]).toEqual({ type: 'auth', payload: { token: 'tok-user-ann' } });
    s.reply('subscribed', { channel: 'calendar_events' });
    const left = ch.unsubscribe();
    await settle();
    s.reply('unsubscribed', { channel: 'calendar_events' });
    await left;
    auth.set(null);
    await settle();
    expect(s.closedByClient).toBe(true);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.connectionStatus).toBe('idle');
  });

  it('never opens a socket with the token of a user who left while it was fetched', async () => {
    const auth = new FakeAuth();
    auth.set('user-ann');
    auth.holdTokens = true;
    const client = open(auth);
    void client.channel('calendar_events').subscribe();
    await settle();
    auth.set('user-bob');
    await settle();
    expect(auth.held).toHaveLength(2);
    // Ann's token comes back first, but Bob is the one signed in now.
    auth.held[0]!();
    await settle();
    expect(FakeSocket.all).toHaveLength(0);
    auth.held[1]!();
    const s = await serverAccepts('user-bob');
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.sent[0]).toEqual({ type: 'auth', payload: { token: 'tok-user-bob' } });
  });

  it('knows whom the socket acts as when an overtaken token request answers last', async () => {
    const auth = new FakeAuth();
    auth.holdTokens = true;
    const client = open(auth);
    void client.channel('troop-12').subscribe();
    await settle();
    auth.set('user-ann');
    await settle();
    // Ann's request answers first; the signed-out one, overtaken, answers after it.
    auth.held[1]!();
    await settle();
    auth.held[0]!();
    const s = await serverAccepts('user-ann');
    expect(s.sent[0]).toEqual({ type: 'auth', payload: { token: 'tok-user-ann' } });
    auth.holdTokens = false;
    auth.set(null);
    expect(s.closedByClient).toBe(true);
  });

  it('fails a publish in flight when it reconnects, as on a lost connection', async () => {
    const auth = new FakeAuth();
    auth.set('user-ann');
    const client = open(auth);
    const ch = client.channel('troop-12');
    void ch.subscribe();
    const s = await serverAccepts('user-ann');
    s.reply('subscribed', { channel: 'troop-12' });
    const sent = ch.publish('chat', 'hi').then(
      () => undefined,
      (err: unknown) => err,
    );
    await settle();
    auth.set('user-bob');
    expect(await sent).toMatchObject({ kind: 'realtime', code: 'NETWORK_ERROR', retryable: true });
  });

  it('stops listening to the auth client when closed', () => {
    const auth = new FakeAuth();
    const client = open(auth);
    expect(auth.listening).toBe(1);
    client.close();
    expect(auth.listening).toBe(0);
  });
});
