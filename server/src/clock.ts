/** Time comes in as a dependency so tests can move it (token expiry, link expiry, rate windows). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can set and advance. */
export function manualClock(
  start = Date.UTC(2026, 0, 1),
): Clock & { advance(ms: number): void; set(ms: number): void } {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

/**
 * Timers as a dependency, for work that waits minutes or days (a daily purge): tests drive
 * their own instead of faking the process's timers, which would also drive every other timer
 * of the test process. Each returns a function that cancels it; neither keeps the process alive.
 */
export interface Timers {
  after(ms: number, fn: () => void): () => void;
  every(ms: number, fn: () => void): () => void;
}

export const processTimers: Timers = {
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    t.unref();
    return () => clearTimeout(t);
  },
  every(ms, fn) {
    const t = setInterval(fn, ms);
    t.unref();
    return () => clearInterval(t);
  },
};
