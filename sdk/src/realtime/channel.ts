/**
 * A channel handle: what an app calls. The client behind it keeps the socket; a channel keeps
 * the wish to be subscribed, so after a reconnect it is subscribed again without being asked.
 */
import { ScoutError } from '../errors.ts';
import type { PresenceUser, RealtimeMessage } from './types.ts';

export interface SubscribeOptions {
  /** Ignored by the server when it differs from the signed-in user (kept for older clients). */
  userId?: string;
  metadata?: Record<string, unknown>;
}

export interface PublishOptions {
  userId?: string;
  metadata?: Record<string, unknown>;
}

/** What an acknowledged subscription tells its `onSubscribed` listeners. */
export interface SubscribedInfo {
  /**
   * True when the server replayed every message published since the last one this channel
   * received (a resubscription after a reconnect or a server restart): nothing was missed.
   * False on a first subscription, or when the server's history no longer reached back that
   * far: an app showing data the channel announces changes of reloads it then.
   */
  resumed: boolean;
}

export interface HistoryOptions {
  limit?: number;
  /** Exclusive lower bound: a message id, or `-` for the oldest kept. */
  start?: string;
  /** Exclusive upper bound: a message id, or `+` for the newest. */
  end?: string;
}

/** What a channel needs from its client. */
export interface ChannelHost {
  readonly subscribeTimeoutMs: number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  sendSubscribe(channel: string, options: SubscribeOptions): void;
  sendUnsubscribe(channel: string): Promise<void>;
  publish(channel: string, type: string, data: unknown, options: PublishOptions): Promise<string>;
  presence(channel: string): Promise<PresenceUser[]>;
  history(channel: string, options: HistoryOptions): Promise<RealtimeMessage[]>;
}

interface Waiter {
  resolve(): void;
  reject(err: ScoutError): void;
  timer: unknown;
}

/** A channel's history holds at most 1,000 messages, so no replay repeats an older one. */
const SEEN_IDS = 1000;

export const realtimeError = (code: string, message: string, retryable = false) =>
  new ScoutError({ kind: 'realtime', code, message, retryable });

export class RealtimeChannel {
  /** Set while the app wants this channel; the client resubscribes it after every reconnect. */
  private wish: SubscribeOptions | undefined;
  private acked = false;
  private waiters: Waiter[] = [];
  private readonly messageListeners = new Set<(m: RealtimeMessage) => void>();
  private readonly presenceListeners = new Set<(users: PresenceUser[]) => void>();
  private readonly subscribedListeners = new Set<(info: SubscribedInfo) => void>();
  private users: PresenceUser[] = [];
  /** The newest message received, so a resubscription asks for what came after it. */
  private lastId: string | undefined;
  /** Ids of recent messages, oldest first: a message delivered twice reaches listeners once. */
  private readonly seen = new Set<string>();

  constructor(
    readonly name: string,
    private readonly host: ChannelHost,
  ) {}

  /** True once the server acknowledged the subscription on the current connection. */
  get isSubscribed() {
    return this.acked;
  }

  /** What apps call "subscribed and able to receive" (sdk/README.md): the same as `isSubscribed`. */
  isReady(): boolean {
    return this.acked;
  }

  get wanted(): SubscribeOptions | undefined {
    return this.wish;
  }

  /** The id of the newest message this channel received since it was subscribed. */
  get lastMessageId(): string | undefined {
    return this.lastId;
  }

  /** Resolves on the server's ack; rejects after 10 s or when the server refuses the channel. */
  subscribe(options: SubscribeOptions = {}): Promise<void> {
    this.wish = options;
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: this.host.setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(realtimeError('TIMEOUT', `Subscribing to ${this.name} timed out`, true));
        }, this.host.subscribeTimeoutMs),
      };
      this.waiters.push(waiter);
      this.host.sendSubscribe(this.name, options);
    });
  }

  /** Calls `listener` for every message on the channel; returns a function that stops it. */
  onMessage<T = unknown>(listener: (message: RealtimeMessage<T>) => void): () => void {
    const l = listener as (m: RealtimeMessage) => void;
    this.messageListeners.add(l);
    return () => this.messageListeners.delete(l);
  }

  /**
   * Calls `listener` on every acknowledged subscription: the first, and each one after a
   * reconnect. A resubscription asks the server for the messages sent while the socket was away,
   * and they arrive before it; `info.resumed` says whether that was all of them. An app that
   * shows data the channel announces changes of reloads it when it was not.
   */
  onSubscribed(listener: (info: SubscribedInfo) => void): () => void {
    this.subscribedListeners.add(listener);
    return () => this.subscribedListeners.delete(listener);
  }

  /** Calls `listener` with the full user list whenever someone joins or leaves. */
  onPresence(listener: (users: PresenceUser[]) => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  /** Publishes and resolves with the message id; queued while reconnecting, rejected after 10 s. */
  publish(type: string, data: unknown, options: PublishOptions = {}): Promise<string> {
    return this.host.publish(this.name, type, data, options);
  }

  /** Leaves the channel and drops this handle's listeners. */
  async unsubscribe(): Promise<void> {
    const was = this.wish !== undefined;
    this.wish = undefined;
    this.acked = false;
    // A later subscription starts afresh, without what was published while away.
    this.lastId = undefined;
    this.seen.clear();
    this.settle((w) => w.reject(realtimeError('UNSUBSCRIBED', `Unsubscribed from ${this.name}`)));
    this.messageListeners.clear();
    this.presenceListeners.clear();
    this.subscribedListeners.clear();
    if (was) await this.host.sendUnsubscribe(this.name);
  }

  /** Who is on the channel now (REST). */
  getPresence(): Promise<PresenceUser[]> {
    return this.host.presence(this.name);
  }

  /** Stored messages in id order: the newest `limit` without `start`, else the first `limit` after it. */
  getMessages(options: HistoryOptions = {}): Promise<RealtimeMessage[]> {
    return this.host.history(this.name, options);
  }

  /** The latest presence list this socket was sent. */
  get presence(): PresenceUser[] {
    return this.users;
  }

  /** @internal */
  handleSubscribed(resumed: boolean) {
    if (!this.wish) return;
    this.acked = true;
    this.settle((w) => w.resolve());
    for (const l of [...this.subscribedListeners]) safely(() => l({ resumed }));
  }

  /** @internal The server refused the channel: the wish ends, no resubscribe. */
  handleRefused(err: ScoutError) {
    this.wish = undefined;
    this.acked = false;
    this.settle((w) => w.reject(err));
  }

  /** @internal */
  handleDown() {
    this.acked = false;
  }

  /** @internal A message seen before (a replay overlapping live delivery) is dropped. */
  handleMessage(message: RealtimeMessage) {
    const id = typeof message.id === 'string' ? message.id : undefined;
    if (id !== undefined) {
      if (this.seen.has(id)) return;
      this.seen.add(id);
      if (this.seen.size > SEEN_IDS) this.seen.delete(this.seen.values().next().value as string);
      this.lastId = id;
    }
    for (const l of [...this.messageListeners]) safely(() => l(message));
  }

  /** @internal */
  handlePresence(users: PresenceUser[]) {
    this.users = users;
    for (const l of [...this.presenceListeners]) safely(() => l(users));
  }

  private settle(fn: (w: Waiter) => void) {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) {
      this.host.clearTimeout(w.timer);
      fn(w);
    }
  }
}

/** A listener that throws must not stop the others; its error still surfaces, just later. */
function safely(fn: () => void) {
  try {
    fn();
  } catch (err) {
    queueMicrotask(() => {
      throw err;
    });
  }
}
