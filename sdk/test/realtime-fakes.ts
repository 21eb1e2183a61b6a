/** A scripted WebSocket and a hand-driven clock for the realtime client's unit tests. */
import type { SocketLike, Timers } from '../src/realtime/types.ts';

export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: { type: string; payload: Record<string, unknown> }[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  closedByClient = false;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }

  // The server's side.
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  reply(type: string, payload: Record<string, unknown> = {}) {
    this.onmessage?.({ data: JSON.stringify({ type, payload }) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  types() {
    return this.sent.map((f) => f.type);
  }
}

export function manualTimers() {
  let now = 0;
  let seq = 0;
  const tasks = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers & { now(): number; advance(ms: number): Promise<void>; pending(): number } =
    {
      setTimeout(fn, ms) {
        const id = ++seq;
        tasks.set(id, { at: now + ms, fn });
        return id;
      },
      clearTimeout(id) {
        tasks.delete(id as number);
      },
      now: () => now,
      pending: () => tasks.size,
      async advance(ms) {
        const end = now + ms;
        for (;;) {
          const due = [...tasks]
            .filter(([, t]) => t.at <= end)
            .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
          if (!due) break;
          tasks.delete(due[0]);
          now = Math.max(now, due[1].at);
          due[1].fn();
          await settle();
        }
        now = end;
        await settle();
      },
    };
  return timers;
}

/** Lets promise callbacks (token lookups, acks) run. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
