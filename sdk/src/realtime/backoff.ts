import { REALTIME_BACKOFF_CAP_MS, REALTIME_JITTER_MS } from '@scout/protocol/limits';

/**
 * Delay before reconnect attempt `attempt` (0-based): 2^n seconds, at most 30 s, plus up to 1 s
 * of jitter (docs/product.md section 9) so clients dropped together do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(REALTIME_BACKOFF_CAP_MS, 1000 * 2 ** Math.max(0, Math.min(attempt, 30)));
  return base + Math.floor(random() * REALTIME_JITTER_MS);
}
