/**
 * What one page capture may read in all (docs/decisions/036-chromium-behind-the-gateway.md): the
 * document, every subresource and every request through the capture's proxy draw on one count.
 * The outbound client takes each chunk from it as the chunk arrives (outbound-exchange.ts), before
 * keeping it, so together they never hold more than the limit. Once a chunk does not fit, the
 * budget is spent for good: every request drawing on it fails, and `spent` rejects so that the
 * capture stops at once instead of waiting for the page to give up.
 */
import { overBudget, type OutboundError } from './outbound-error.ts';
import type { SharedByteBudget } from './outbound-exchange.ts';

export interface ByteBudget extends SharedByteBudget {
  /** Bytes taken so far. */
  readonly used: number;
  /** Counts `n` more bytes; false, and spent from then on, when they would pass the limit. */
  take(n: number): boolean;
  /** Rejects with an `over-budget` OutboundError once the budget is spent; never resolves. */
  readonly spent: Promise<never>;
}

/** What every request of one capture shares (browser-routing.ts, gateway-proxy.ts). */
export interface CaptureBounds {
  /** The deadline of each request. */
  timeoutMs: number;
  budget: ByteBudget;
  /** Aborted once the capture is over: the requests still running for it stop then. */
  signal: AbortSignal;
}

export function createByteBudget(limit: number): ByteBudget {
  let used = 0;
  let over = false;
  let reject: (err: OutboundError) => void = () => {};
  const spent = new Promise<never>((_, r) => {
    reject = r;
  });
  // No capture may be waiting on it any more when it is spent (a late request of a page).
  spent.catch(() => {});
  return {
    limit,
    get used() {
      return used;
    },
    spent,
    take(n) {
      if (!over && used + n <= limit) {
        used += n;
        return true;
      }
      if (!over) reject(overBudget(limit));
      over = true;
      return false;
    },
  };
}
