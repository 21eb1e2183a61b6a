/**
 * Realtime client (docs/product.md sections 4 and 9, docs/protocol.md Realtime): one socket per client shared by
 * every channel, subscribe and send acknowledged within 10 s, a heartbeat every 25 s, and after
 * a lost connection a reconnect with backoff (at once when the server closed to restart) that
 * resubscribes every channel after the last message it received, so the server replays what
 * was missed, and sends what was queued meanwhile. The socket itself is realtime/connection.ts, the requests awaiting an answer
 * realtime/requests.ts, and what each server frame means realtime/route-frame.ts.
 *
 *   const room = client.realtime.channel('troop-12');
 *   room.onMessage((m) => ...);
 *   await room.subscribe({ metadata: { name: 'Ann' } });
 *   const id = await room.publish('chat', { text: 'Campout Friday' });
 */
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RESTART_JITTER_MS,
  REALTIME_SEND_TIMEOUT_MS,
  REALTIME_SUBSCRIBE_TIMEOUT_MS,
} from '@scout/protocol/limits';
import type { ScoutError } from './errors.ts';
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
import {
  CHANNEL_PATTERN,
  defaultTimers,
  realtimeUrl,
  type RealtimeClientOptions,
} from './realtime/options.ts';
import { RealtimeRequests } from './realtime/requests.ts';
import { RealtimeRest, standaloneHttp } from './realtime/rest.ts';
import { routeFrame } from './realtime/route-frame.ts';
import { SocketUser } from './realtime/socket-user.ts';
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
  SubscribedInfo,
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
export { realtimeUrl } from './realtime/options.ts';
export type { RealtimeAuth, RealtimeClientOptions } from './realtime/options.ts';

export class RealtimeClient implements ChannelHost {
  readonly subscribeTimeoutMs: number;
  private readonly sendTimeoutMs: number;
  private readonly timers: Timers;
  private readonly conn: Connection;
  private readonly rest: RealtimeRest;
  private readonly requests: RealtimeRequests;
  private readonly channels = new Map<string, RealtimeChannel>();
  private readonly errorListeners = new Set<(err: ScoutError) => void>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();
  private status: ConnectionStatus = 'idle';
  /** The user the server says this socket acts as; undefined when anonymous. */
  userId: string | undefined;
  private readonly socketFactory: () => SocketFactory | undefined;
  private readonly socketUser: SocketUser;
  private readonly stopFollowingAuth: (() => void) | undefined;

  constructor(options: RealtimeClientOptions) {
    const tokenSource =
      options.getToken ??
      (options.auth ? () => options.auth!.getValidAccessToken() : async () => null);
    this.socketUser = new SocketUser(tokenSource);
    const getToken = this.socketUser.getToken;
    this.socketFactory = () =>
      options.WebSocket ?? (globalThis as { WebSocket?: SocketFactory }).WebSocket;
    this.timers = options.timers ?? defaultTimers;
    this.subscribeTimeoutMs = options.subscribeTimeoutMs ?? REALTIME_SUBSCRIBE_TIMEOUT_MS;
    this.sendTimeoutMs = options.sendTimeoutMs ?? REALTIME_SEND_TIMEOUT_MS;
    this.rest = new RealtimeRest(
      options.http ?? standaloneHttp(options.baseUrl, getToken),
      options.projectId,
    );
    this.conn = new Connection({
      url: () => realtimeUrl(options.baseUrl, options.projectId, options.window),
      WebSocket: () => this.socketFactory() as SocketFactory,
      getToken,
      timers: this.timers,
      now: options.now ?? (() => Date.now()),
      heartbeatMs: options.heartbeatMs ?? REALTIME_HEARTBEAT_MS,
      pongTimeoutMs: this.sendTimeoutMs,
      backoff: options.backoff ?? ((n) => reconnectDelay(n)),
      restartDelay: () => Math.floor(Math.random() * REALTIME_RESTART_JITTER_MS),
      onOpen: () => this.handleOpen(),
      onFrame: (f) => this.handleFrame(f),
      onDown: () => this.handleDown(),
      onStatus: (s) => {
        this.status = s;
        for (const l of [...this.statusListeners]) l(s);
      },
      wanted: () => this.requests.hasQueued || [...this.channels.values()].some((c) => c.wanted),
    });
    this.requests = new RealtimeRequests(this.conn, this.timers, this.sendTimeoutMs);
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
   * Subscribes to `channel` and calls `onMessage` for each of its messages (docs/product.md
   * section 4: subscribe with an acknowledgement). Resolves, once the server acknowledged, with
   * a function that stops listening and leaves the channel.
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
  publishOverHttp(channel: string, type: string, data: unknown): Promise<string> {
    return this.rest.publish(channel, type, data);
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
    this.requests.failQueued(realtimeError('CLOSED', 'Realtime client closed'));
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
    if (this.conn.isOpen) this.requests.subscribe(channel, options);
    else this.conn.ensure();
  }

  sendUnsubscribe(channel: string): Promise<void> {
    return this.requests.unsubscribe(channel);
  }

  publish(
    channel: string,
    type: string,
    data: unknown,
    options: PublishOptions = {},
  ): Promise<string> {
    try {
      this.assertSockets();
    } catch (err) {
      return Promise.reject(err);
    }
    return this.requests.publish(channel, type, data, options);
  }

  presence(channel: string): Promise<PresenceUser[]> {
    return this.rest.presence(channel);
  }

  history(channel: string, options: HistoryOptions): Promise<RealtimeMessage[]> {
    return this.rest.history(channel, options);
  }

  // Connection events ------------------------------------------------------------------------

  /** A different user signing in or out needs a new socket (realtime/socket-user.ts). */
  private followUser(id: string | null) {
    const changed = this.socketUser.signedIn(id);
    if (!changed || this.status === 'idle' || this.status === 'closed') return;
    this.reconnect();
  }

  private handleOpen() {
    this.requests.forgetInflight();
    this.userId = undefined;
    for (const ch of this.channels.values())
      if (ch.wanted) this.requests.subscribe(ch.name, ch.wanted, ch.lastMessageId);
    this.requests.sendQueued();
  }

  private handleDown() {
    this.requests.dropInflight();
    for (const ch of this.channels.values()) ch.handleDown();
  }

  private handleFrame(frame: ServerFrame) {
    routeFrame(frame, {
      requests: this.requests,
      channels: this.channels,
      authenticated: (userId) => (this.userId = userId),
      unanswered: (err) => {
        for (const l of [...this.errorListeners]) l(err);
      },
    });
  }

  private assertSockets() {
    if (!this.socketFactory()) {
      throw realtimeError(
        'UNSUPPORTED',
        'No WebSocket here: pass options.WebSocket (in Node, the ws package)',
      );
    }
  }
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  return new RealtimeClient(options);
}
