/**
 * Realtime client (docs/product.md sections 4 and 9, docs/protocol.md Realtime): one socket per client shared by
 * every channel, subscribe and send acknowledged within 10 s, a heartbeat every 25 s, and after
 * a lost connection a reconnect with backoff that resubscribes every channel and sends what was
 * queued meanwhile.
 *
 *   const room = client.realtime.channel('troop-12');
 *   room.onMessage((m) => ...);
 *   await room.subscribe({ metadata: { name: 'Ann' } });
 *   const id = await room.publish('chat', { text: 'Campout Friday' });
 */
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_SEND_TIMEOUT_MS,
  REALTIME_SUBSCRIBE_TIMEOUT_MS,
} from '@scout/protocol/limits';
import { ScoutError } from './errors.ts';
import { HttpClient } from './http.ts';
import { reconnectDelay } from './realtime/backoff.ts';
import {
  RealtimeChannel,
  realtimeError,
  type ChannelHost,
  type HistoryOptions,
  type PublishOptions,
  type SubscribeOptions,
} from './realtime/channel.ts';
import { Connection } from './realtime/connection.ts';
import type {
  ConnectionStatus,
  PresenceUser,
  RealtimeMessage,
  ServerFrame,
  SocketFactory,
  Timers,
} from './realtime/types.ts';

export type {
  RealtimeChannel,
  SubscribeOptions,
  PublishOptions,
  HistoryOptions,
} from './realtime/channel.ts';
export type {
  ConnectionStatus,
  PresenceUser,
  RealtimeMessage,
  SocketFactory,
  SocketLike,
} from './realtime/types.ts';
export { reconnectDelay } from './realtime/backoff.ts';

/** What the realtime client needs of the auth client: the token, and news of who is signed in. */
export interface RealtimeAuth {
  getValidAccessToken(): Promise<string | null>;
  /** Calls the listener at once and on every change; returns a function that stops it. */
  onAuthStateChanged?(listener: (state: { user: { id: string } | null }) => void): () => void;
}

export interface RealtimeClientOptions {
  projectId: string;
  /** Origin of the API (http or https); empty means the page's own origin. */
  baseUrl: string;
  /** The access token for the socket's `auth` frame; null when signed out. */
  getToken?: () => Promise<string | null>;
  /**
   * Alternatively the auth client: its valid access token is used, and when the signed-in user
   * changes (sign-in, sign-out, another tab) the socket reconnects to act as the new one.
   */
  auth?: RealtimeAuth;
  /** For presence and history over REST; defaults to a client on `baseUrl` with `getToken`. */
  http?: HttpClient;
  /** Defaults to the global WebSocket; in Node pass the `ws` package's. */
  WebSocket?: SocketFactory;
  window?: { location: { href: string } };
  timers?: Timers;
  now?: () => number;
  subscribeTimeoutMs?: number;
  sendTimeoutMs?: number;
  heartbeatMs?: number;
  /** Delay before reconnect attempt n; defaults to 2^n s capped at 30 s plus up to 1 s of jitter. */
  backoff?: (attempt: number) => number;
}

/** Channel names the server accepts: 1-128 letters, digits, `_ : . -`. */
const CHANNEL_PATTERN = /^[A-Za-z0-9_:.-]{1,128}$/;
/** The server refuses larger frames and closes the socket; refuse them here instead. */
const MAX_FRAME_CHARS = 64 * 1024;

type Inflight =
  | { kind: 'subscribe' }
  | { kind: 'unsubscribe'; done(): void }
  | { kind: 'publish'; publish: PendingPublish };

interface PendingPublish {
  channel: string;
  frame: { type: 'publish'; payload: Record<string, unknown> };
  resolve(id: string): void;
  reject(err: ScoutError): void;
  timer: unknown;
  settled: boolean;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function realtimeUrl(
  baseUrl: string,
  projectId: string,
  win?: { location: { href: string } },
): string {
  const origin =
    baseUrl || win?.location.href || (globalThis as { location?: { href: string } }).location?.href;
  if (!origin) throw new TypeError('Realtime needs a baseUrl outside a browser');
  const url = new URL('/api/realtime/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('project_id', projectId);
  return url.toString();
}

export class RealtimeClient implements ChannelHost {
  readonly subscribeTimeoutMs: number;
  private readonly sendTimeoutMs: number;
  private readonly timers: Timers;
  private readonly conn: Connection;
  private readonly http: HttpClient;
  private readonly projectId: string;
  private readonly channels = new Map<string, RealtimeChannel>();
  private readonly inflight = new Map<string, Inflight[]>();
  private outbox: PendingPublish[] = [];
  private readonly errorListeners = new Set<(err: ScoutError) => void>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private status: ConnectionStatus = 'idle';
  private authenticated = false;
  /** The user the server says this socket acts as; undefined when anonymous. */
  userId: string | undefined;
  private readonly socketFactory: () => SocketFactory | undefined;
  /** Who the auth client says is signed in, and who was when the socket took its token. */
  private authUser: string | null = null;
  private socketUser: string | null = null;
  private readonly stopFollowingAuth: (() => void) | undefined;

  constructor(options: RealtimeClientOptions) {
    const tokenSource =
      options.getToken ??
      (options.auth ? () => options.auth!.getValidAccessToken() : async () => null);
    let asked = 0;
    const getToken = async () => {
      const ask = ++asked;
      const user = this.authUser;
      const token = await tokenSource();
      // Only the newest connect's token goes on a socket; an overtaken one gives up.
      if (ask === asked) this.socketUser = user;
      return token;
    };
    this.projectId = options.projectId;
    this.socketFactory = () =>
      options.WebSocket ?? (globalThis as { WebSocket?: SocketFactory }).WebSocket;
    this.timers = options.timers ?? defaultTimers;
    this.subscribeTimeoutMs = options.subscribeTimeoutMs ?? REALTIME_SUBSCRIBE_TIMEOUT_MS;
    this.sendTimeoutMs = options.sendTimeoutMs ?? REALTIME_SEND_TIMEOUT_MS;
    this.http = options.http ?? standaloneHttp(options.baseUrl, getToken);
    this.conn = new Connection({
      url: () => realtimeUrl(options.baseUrl, options.projectId, options.window),
      WebSocket: () => this.socketFactory() as SocketFactory,
      getToken,
      timers: this.timers,
      now: options.now ?? (() => Date.now()),
      heartbeatMs: options.heartbeatMs ?? REALTIME_HEARTBEAT_MS,
      pongTimeoutMs: this.sendTimeoutMs,
      backoff: options.backoff ?? ((n) => reconnectDelay(n)),
      onOpen: () => this.handleOpen(),
      onFrame: (f) => this.handleFrame(f),
      onDown: () => this.handleDown(),
      onStatus: (s) => {
        this.status = s;
        for (const l of [...this.statusListeners]) l(s);
      },
      wanted: () => this.outbox.length > 0 || [...this.channels.values()].some((c) => c.wanted),
    });
    const auth = options.auth;
    if (auth?.onAuthStateChanged) {
      this.stopFollowingAuth = auth.onAuthStateChanged((state) =>
        this.followUser(state.user?.id ?? null),
      );
    }
  }

  /** The handle for a channel; the same object for the same name. */
  channel(name: string): RealtimeChannel {
    if (!CHANNEL_PATTERN.test(name)) {
      throw realtimeError(
        'VALIDATION_ERROR',
        'Channel names are 1-128 letters, digits, _ : . or -',
      );
    }
    let ch = this.channels.get(name);
    if (!ch) this.channels.set(name, (ch = new RealtimeChannel(name, this)));
    return ch;
  }

  /**
   * Subscribes to `channel` and calls `onMessage` for each of its messages (the spec's
   * `realtime.subscribe`). Resolves, once the server acknowledged, with a function that stops
   * listening and leaves the channel.
   */
  async subscribe<T = unknown>(
    channel: string,
    onMessage: (message: RealtimeMessage<T>) => void,
    options: SubscribeOptions = {},
  ): Promise<() => Promise<void>> {
    const ch = this.channel(channel);
    const stop = ch.onMessage(onMessage);
    try {
      await ch.subscribe(options);
    } catch (err) {
      stop();
      throw err;
    }
    return async () => {
      stop();
      await ch.unsubscribe();
    };
  }

  /** Calls `listener` with the channel's user list whenever someone joins or leaves. */
  onPresence(channel: string, listener: (users: PresenceUser[]) => void): () => void {
    return this.channel(channel).onPresence(listener);
  }

  /**
   * Publishes over HTTP instead of the socket (`POST /api/realtime/{projectId}/publish`): for a
   * page or script that only announces and never listens, no socket is opened.
   */
  async publishOverHttp(channel: string, type: string, data: unknown): Promise<string> {
    const res = await this.http.post<{ messageId: string }>(
      `/api/realtime/${encodeURIComponent(this.projectId)}/publish`,
      {
        channel,
        type,
        data: data ?? null,
      },
    );
    return res.data.messageId;
  }

  get connectionStatus(): ConnectionStatus {
    return this.status;
  }

  onStatusChange(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Errors not tied to one request: a refused token, a server-side failure. */
  onError(listener: (err: ScoutError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /**
   * Drops the socket and reconnects at once with a fresh token (when any channel or message
   * still needs it), e.g. so the socket acts as a user who just signed in. Requests in flight
   * fail as on a lost connection; channels are subscribed again.
   */
  reconnect(): void {
    this.handleDown();
    this.conn.restart();
  }

  /** Closes the socket for good and rejects everything still pending. */
  close(): void {
    this.stopFollowingAuth?.();
    for (const p of this.outbox) this.fail(p, realtimeError('CLOSED', 'Realtime client closed'));
    this.outbox = [];
    this.handleDown();
    this.conn.close();
  }

  // ChannelHost ------------------------------------------------------------------------------

  setTimeout(fn: () => void, ms: number) {
    return this.timers.setTimeout(fn, ms);
  }

  clearTimeout(handle: unknown) {
    this.timers.clearTimeout(handle);
  }

  sendSubscribe(channel: string, options: SubscribeOptions) {
    this.assertSockets();
    if (this.conn.isOpen) this.sendSubscribeFrame(channel, options);
    else this.conn.ensure();
  }

  async sendUnsubscribe(channel: string): Promise<void> {
    if (!this.conn.isOpen) return;
    await new Promise<void>((resolve) => {
      const timer = this.timers.setTimeout(resolve, this.sendTimeoutMs);
      this.track(channel, {
        kind: 'unsubscribe',
        done: () => (this.timers.clearTimeout(timer), resolve()),
      });
      this.conn.send({ type: 'unsubscribe', payload: { channel } });
    });
  }

  publish(
    channel: string,
    type: string,
    data: unknown,
    options: PublishOptions = {},
  ): Promise<string> {
    const payload: Record<string, unknown> = { channel, type, data: data ?? null };
    if (options.userId !== undefined) payload.userId = options.userId;
    if (options.metadata !== undefined) payload.metadata = options.metadata;
    const frame = { type: 'publish' as const, payload };
    try {
      this.assertSockets();
    } catch (err) {
      return Promise.reject(err);
    }
    if (JSON.stringify(frame).length > MAX_FRAME_CHARS) {
      return Promise.reject(
        realtimeError('PAYLOAD_TOO_LARGE', 'Realtime messages are limited to 64 KB'),
      );
    }
    return new Promise<string>((resolve, reject) => {
      const p: PendingPublish = {
        channel,
        frame,
        resolve,
        reject,
        settled: false,
        timer: undefined,
      };
      p.timer = this.timers.setTimeout(() => {
        // Never sent later once the caller was told it failed.
        this.outbox = this.outbox.filter((q) => q !== p);
        this.fail(p, realtimeError('TIMEOUT', `Publishing on ${channel} timed out`, true));
      }, this.sendTimeoutMs);
      if (this.conn.isOpen) this.sendPublish(p);
      else {
        this.outbox.push(p);
        this.conn.ensure();
      }
    });
  }

  async presence(channel: string): Promise<PresenceUser[]> {
    const res = await this.http.get<{ users: PresenceUser[] }>(
      `/api/realtime/${encodeURIComponent(this.projectId)}/presence`,
      { query: { channel } },
    );
    return res.data.users;
  }

  async history(channel: string, options: HistoryOptions): Promise<RealtimeMessage[]> {
    const res = await this.http.get<{ messages: RealtimeMessage[] }>(
      `/api/realtime/${encodeURIComponent(this.projectId)}/messages`,
      {
        query: { channel, limit: options.limit, start: options.start, end: options.end },
      },
    );
    return res.data.messages;
  }

  // Connection events ------------------------------------------------------------------------

  /**
   * A socket acts as the user whose token it sent, for its whole life (the server never
   * switches it), so a different user signing in or out needs a new socket. A refreshed token
   * of the same user does not.
   */
  private followUser(id: string | null) {
    const was = this.authUser;
    this.authUser = id;
    if (was === id || this.status === 'idle' || this.status === 'closed') return;
    if (this.socketUser === id) return;
    this.reconnect();
  }

  private handleOpen() {
    this.inflight.clear();
    this.authenticated = false;
    this.userId = undefined;
    for (const ch of this.channels.values())
      if (ch.wanted) this.sendSubscribeFrame(ch.name, ch.wanted);
    const queued = this.outbox;
    this.outbox = [];
    for (const p of queued) if (!p.settled) this.sendPublish(p);
  }

  private handleDown() {
    for (const entries of this.inflight.values()) {
      for (const e of entries) {
        if (e.kind === 'publish')
          this.fail(
            e.publish,
            realtimeError(
              'NETWORK_ERROR',
              'Connection lost before the server confirmed the message',
              true,
            ),
          );
        if (e.kind === 'unsubscribe') e.done();
      }
    }
    this.inflight.clear();
    this.authenticated = false;
    for (const ch of this.channels.values()) ch.handleDown();
  }

  private handleFrame(frame: ServerFrame) {
    const p = frame.payload;
    const channelName = typeof p.channel === 'string' ? p.channel : undefined;
    const ch = channelName === undefined ? undefined : this.channels.get(channelName);
    switch (frame.type) {
      case 'authenticated':
        this.authenticated = true;
        this.userId = typeof p.userId === 'string' ? p.userId : undefined;
        return;
      case 'subscribed':
        this.untrack(channelName);
        return ch?.handleSubscribed();
      case 'unsubscribed': {
        const e = this.untrack(channelName);
        if (e?.kind === 'unsubscribe') e.done();
        return;
      }
      case 'published': {
        const e = this.untrack(channelName);
        if (e?.kind === 'publish' && !e.publish.settled) {
          e.publish.settled = true;
          this.timers.clearTimeout(e.publish.timer);
          e.publish.resolve(String(p.messageId));
        }
        return;
      }
      case 'message':
        return ch?.handleMessage(p as unknown as RealtimeMessage);
      case 'presence': {
        const users = (p.data as { users?: PresenceUser[] } | undefined)?.users;
        return ch?.handlePresence(Array.isArray(users) ? users : []);
      }
      case 'error':
        return this.handleError(channelName, p);
      default:
        return;
    }
  }

  private handleError(channelName: string | undefined, p: Record<string, unknown>) {
    const err = realtimeError(
      typeof p.code === 'string' ? p.code : 'REALTIME_ERROR',
      typeof p.error === 'string' ? p.error : 'Realtime error',
    );
    const e = this.untrack(channelName);
    if (e?.kind === 'publish') return this.fail(e.publish, err);
    if (e?.kind === 'unsubscribe') return e.done();
    if (e?.kind === 'subscribe' && channelName)
      return this.channels.get(channelName)?.handleRefused(err);
    for (const l of [...this.errorListeners]) l(err);
  }

  // Helpers ----------------------------------------------------------------------------------

  private assertSockets() {
    if (!this.socketFactory()) {
      throw realtimeError(
        'UNSUPPORTED',
        'No WebSocket here: pass options.WebSocket (in Node, the ws package)',
      );
    }
  }

  private sendSubscribeFrame(channel: string, options: SubscribeOptions) {
    const payload: Record<string, unknown> = { channel };
    if (options.userId !== undefined) payload.userId = options.userId;
    if (options.metadata !== undefined) payload.metadata = options.metadata;
    this.track(channel, { kind: 'subscribe' });
    this.conn.send({ type: 'subscribe', payload });
  }

  private sendPublish(p: PendingPublish) {
    this.track(p.channel, { kind: 'publish', publish: p });
    this.conn.send(p.frame);
  }

  /** The server answers a socket's requests in order, so replies match the oldest open request of the channel. */
  private track(channel: string, entry: Inflight) {
    let list = this.inflight.get(channel);
    if (!list) this.inflight.set(channel, (list = []));
    list.push(entry);
  }

  private untrack(channel: string | undefined): Inflight | undefined {
    if (channel === undefined) return undefined;
    const list = this.inflight.get(channel);
    const e = list?.shift();
    if (list && list.length === 0) this.inflight.delete(channel);
    return e;
  }

  private fail(p: PendingPublish, err: ScoutError) {
    if (p.settled) return;
    p.settled = true;
    this.timers.clearTimeout(p.timer);
    p.reject(err);
  }
}

function standaloneHttp(baseUrl: string, getToken: () => Promise<string | null>): HttpClient {
  const http = new HttpClient({ baseUrl });
  http.useTokens({ getValidAccessToken: getToken, refreshAfterRejection: async () => null });
  return http;
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  return new RealtimeClient(options);
}
