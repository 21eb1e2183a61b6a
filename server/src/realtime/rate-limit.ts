/**
 * A token bucket per socket: a client may send bursts of `burst` frames and `perSecond` frames a
 * second after that. A socket over the limit is closed so one flooding peer cannot starve the
 * others sharing the process.
 */
export interface TokenBucket {
  take(now: number): boolean;
}

export function tokenBucket(perSecond: number, burst: number, start: number): TokenBucket {
  let tokens = burst;
  let last = start;
  return {
    take(now) {
      if (now > last) {
        tokens = Math.min(burst, tokens + ((now - last) * perSecond) / 1000);
        last = now;
      }
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
