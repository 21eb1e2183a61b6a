/**
 * The events waiting to be sent: at most 10 a request, sent at 10 or 3 s after the first waiting
 * event (docs/product.md section 9). A batch that fails goes back to the front; the queue is kept
 * in localStorage so a reload loses nothing, and what is left when the page goes is handed to a
 * request that outlives it.
 */
import type { AnalyticsEvent } from '@scout/protocol/analytics';
import { ANALYTICS_BATCH_SIZE, ANALYTICS_FLUSH_MS } from '@scout/protocol/limits';
import type { StorageLike } from './auth/token-store.ts';

/** More than this many waiting events (a long time offline) and the oldest are let go. */
const QUEUE_MAX = 500;

export const queueStorageKey = (projectId: string) => `blink_analytics_queue_${projectId}`;

export interface QueueDeps {
  storage: StorageLike;
  projectId: string;
  /** Sends one batch; rejects when it did not arrive. */
  send(events: AnalyticsEvent[]): Promise<void>;
  /** Hands one batch to a request that outlives the page; false when none could be made. */
  sendOnExit(events: AnalyticsEvent[]): boolean;
}

export class AnalyticsQueue {
  private events: AnalyticsEvent[];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The flush under way; settles true when everything it took on arrived. */
  private sending: Promise<boolean> | undefined;
  /** A flush of everything asked for while another flush was under way: it goes next. */
  private next: Promise<void> | undefined;
  /** The batch on its way: kept in storage too until it has arrived (the server drops repeats). */
  private inflight: AnalyticsEvent[] = [];

  constructor(private readonly deps: QueueDeps) {
    this.events = this.load();
    if (this.events.length > 0) this.schedule();
  }

  /** Events not yet known to have arrived. */
  get size(): number {
    return this.inflight.length + this.events.length;
  }

  push(event: AnalyticsEvent): void {
    this.events.push(event);
    if (this.events.length > QUEUE_MAX) this.events.splice(0, this.events.length - QUEUE_MAX);
    this.save();
    if (this.events.length >= ANALYTICS_BATCH_SIZE) void this.flush(false);
    else this.schedule();
  }

  /**
   * Sends what is waiting, one batch after another; a failure waits for the next flush time.
   * `all` false sends full batches only, and leaves the rest for the timer. Asked for everything
   * while a flush is under way, it sends what is left once that flush is done, unless it failed.
   */
  flush(all = true): Promise<void> {
    if (this.sending === undefined) {
      const sending = this.sendAll(all).finally(() => {
        this.sending = undefined;
      });
      this.sending = sending;
      return sending.then(() => undefined);
    }
    if (!all) return this.sending.then(() => undefined);
    this.next ??= this.sending.then(async (arrived) => {
      this.next = undefined;
      if (arrived) await this.flush(true);
    });
    return this.next;
  }

  /** The page is going: every waiting event leaves now, in batches of 10, or stays stored. */
  flushOnExit(): void {
    this.cancelTimer();
    this.events.unshift(...this.inflight);
    this.inflight = [];
    while (this.events.length > 0) {
      const batch = this.events.slice(0, ANALYTICS_BATCH_SIZE);
      if (!this.deps.sendOnExit(batch)) break;
      this.events.splice(0, batch.length);
    }
    this.save();
  }

  /** Sends nothing more on its own; what is waiting stays stored for the next page. */
  stop(): void {
    this.cancelTimer();
  }

  /** Forgets every waiting event (analytics turned off). */
  clear(): void {
    this.cancelTimer();
    this.events = [];
    this.inflight = [];
    this.save();
  }

  private async sendAll(all: boolean): Promise<boolean> {
    if (all) this.cancelTimer();
    while (this.events.length >= (all ? 1 : ANALYTICS_BATCH_SIZE)) {
      const batch = this.events.splice(0, ANALYTICS_BATCH_SIZE);
      this.inflight = batch;
      try {
        await this.deps.send(batch);
      } catch {
        // Unless the page went meanwhile and took the batch with it (flushOnExit).
        if (this.inflight === batch) this.events.unshift(...batch);
        this.inflight = [];
        this.save();
        this.schedule();
        return false;
      }
      this.inflight = [];
      this.save();
    }
    if (this.events.length > 0) this.schedule();
    return true;
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ANALYTICS_FLUSH_MS);
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private load(): AnalyticsEvent[] {
    try {
      const v: unknown = JSON.parse(
        this.deps.storage.getItem(queueStorageKey(this.deps.projectId)) ?? '[]',
      );
      return Array.isArray(v) ? (v as AnalyticsEvent[]) : [];
    } catch {
      return [];
    }
  }

  private save(): void {
    try {
      const key = queueStorageKey(this.deps.projectId);
      const waiting = [...this.inflight, ...this.events];
      if (waiting.length === 0) this.deps.storage.removeItem(key);
      else this.deps.storage.setItem(key, JSON.stringify(waiting));
    } catch {
      // A full or blocked storage: the queue lives in this page only.
    }
  }
}
