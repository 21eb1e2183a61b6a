/**
 * Timers a test drives (clock.ts `Timers`): `advance` runs what falls due in order, letting the
 * promises each run starts settle, without touching the process's own timers.
 */
import type { Timers } from '../src/clock.ts';

interface Pending {
  at: number;
  every: number | null;
  fn: () => void;
  cancelled: boolean;
}

export function manualTimers(): Timers & { advance(ms: number): Promise<void> } {
  let now = 0;
  const pending: Pending[] = [];
  const add = (ms: number, every: number | null, fn: () => void) => {
    const timer: Pending = { at: now + ms, every, fn, cancelled: false };
    pending.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    after: (ms, fn) => add(ms, null, fn),
    every: (ms, fn) => add(ms, ms, fn),
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = pending
          .filter((t) => !t.cancelled && t.at <= end)
          .sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        now = due.at;
        if (due.every === null) due.cancelled = true;
        else due.at += due.every;
        due.fn();
        await settle();
      }
      now = end;
      await settle();
    },
  };
}
