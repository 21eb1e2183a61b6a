/**
 * The socket's requests the server has not answered yet: subscribes, unsubscribes and publishes.
 * The server answers a socket's requests in order, so each reply settles the oldest open request
 * of its channel. Publishes made while there is no socket wait here until there is one, and every
 * publish gives up after the send timeout. Apart from the client (realtime.ts) so the matching of
 * replies to requests reads on its own.
 */
import type { ScoutError } from '../errors.ts';
import { realtimeError, type PublishOptions, type SubscribeOptions } from './channel.ts';
import type { Connection } from './connection.ts';
import { MAX_FRAME_CHARS } from './options.ts';
import type { Timers } from './types.ts';

export type Inflight =
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

export class RealtimeRequests {
  private readonly inflight = new Map<string, Inflight[]>();
  /** Publishes waiting for a socket. */
  private outbox: PendingPublish[] = [];

  constructor(
    private readonly conn: Connection,
    private readonly timers: Timers,
    private readonly sendTimeoutMs: number,
  ) {}

  /** Whether publishes wait for a socket (so one is still needed). */
  get hasQueued(): boolean {
    return this.outbox.length > 0;
  }

  /**
   * Sends a subscribe on the open socket; `after`, the last message the channel received, asks
   * the server to replay what came since.
   */
  subscribe(channel: string, options: SubscribeOptions, after?: string) {
    const payload: Record<string, unknown> = { channel };
    if (options.userId !== undefined) payload.userId = options.userId;
    if (options.metadata !== undefined) payload.metadata = options.metadata;
    if (after !== undefined) payload.after = after;
    this.track(channel, { kind: 'subscribe' });
    this.conn.send({ type: 'subscribe', payload });
  }

  /** Settles on the server's answer or after the send timeout; at once without a socket. */
  async unsubscribe(channel: string): Promise<void> {
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

  /** Resolves with the message id the server gave; queued until there is a socket. */
  publish(channel: string, type: string, data: unknown, options: PublishOptions): Promise<string> {
    const payload: Record<string, unknown> = { channel, type, data: data ?? null };
    if (options.userId !== undefined) payload.userId = options.userId;
    if (options.metadata !== undefined) payload.metadata = options.metadata;
    const frame = { type: 'publish' as const, payload };
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

  /** A new socket: nothing sent on an earlier one will be answered on it. */
  forgetInflight() {
    this.inflight.clear();
  }

  /** Sends the publishes that waited for a socket. */
  sendQueued() {
    const queued = this.outbox;
    this.outbox = [];
    for (const p of queued) if (!p.settled) this.sendPublish(p);
  }

  /** The socket was lost: publishes on it fail (they may be retried), unsubscribes count as done. */
  dropInflight() {
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
  }

  /** The client closed: publishes still waiting for a socket fail with `err`. */
  failQueued(err: ScoutError) {
    for (const p of this.outbox) this.fail(p, err);
    this.outbox = [];
  }

  /** `unsubscribed`: the oldest request of the channel is answered. */
  unsubscribed(channel: string | undefined) {
    const e = this.untrack(channel);
    if (e?.kind === 'unsubscribe') e.done();
  }

  /** `published`: the oldest request of the channel, a publish, gets its message id. */
  published(channel: string | undefined, messageId: unknown) {
    const e = this.untrack(channel);
    if (e?.kind === 'publish' && !e.publish.settled) {
      e.publish.settled = true;
      this.timers.clearTimeout(e.publish.timer);
      e.publish.resolve(String(messageId));
    }
  }

  /**
   * An `error` frame: settles the request it answers. Answers the request's kind, so a refused
   * subscribe reaches its channel, and undefined when it answered none.
   */
  refused(channel: string | undefined, err: ScoutError): Inflight['kind'] | undefined {
    const e = this.untrack(channel);
    if (e?.kind === 'publish') this.fail(e.publish, err);
    if (e?.kind === 'unsubscribe') e.done();
    return e?.kind;
  }

  /** Takes the oldest open request of the channel (a `subscribed` reply just takes it). */
  untrack(channel: string | undefined): Inflight | undefined {
    if (channel === undefined) return undefined;
    const list = this.inflight.get(channel);
    const e = list?.shift();
    if (list && list.length === 0) this.inflight.delete(channel);
    return e;
  }

  private sendPublish(p: PendingPublish) {
    this.track(p.channel, { kind: 'publish', publish: p });
    this.conn.send(p.frame);
  }

  private track(channel: string, entry: Inflight) {
    let list = this.inflight.get(channel);
    if (!list) this.inflight.set(channel, (list = []));
    list.push(entry);
  }

  private fail(p: PendingPublish, err: ScoutError) {
    if (p.settled) return;
    p.settled = true;
    this.timers.clearTimeout(p.timer);
    p.reject(err);
  }
}
