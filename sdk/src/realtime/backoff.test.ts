import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './backoff.ts';

describe('reconnect delay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20, 1000].map((n) => reconnectDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });

  it('adds up to one second of jitter', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(1500);
    expect(reconnectDelay(5, () => 0.999)).toBe(30999);
    for (let i = 0; i < 100; i++) {
      const d = reconnectDelay(2);
      expect(d).toBeGreaterThanOrEqual(4000);
      expect(d).toBeLessThan(5000);
    }
  });
});
