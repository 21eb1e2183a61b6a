import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import type { Store } from '../store/store.ts';
import { hitRateLimit } from './rate-limits.ts';

describe.each(testStoreKinds)('hitRateLimit (%s)', (kind) => {
  let store: Store;
  afterEach(async () => store?.close());

  const refusal = async (p: Promise<void>) => {
    try {
      await p;
      return undefined;
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
  };

  it('allows `limit` hits per window, then refuses with the seconds left, then opens a new window', async () => {
    store = await openTestStore(kind);
    const clock = manualClock();
    const deps = { store, clock };
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await hitRateLimit(deps, 'k', rule);
    clock.advance(15_500);
    const err = await refusal(hitRateLimit(deps, 'k', rule));
    expect(err?.status).toBe(429);
    expect(err?.code).toBe('RATE_LIMITED');
    expect(err?.headers['Retry-After']).toBe('45');
    // Other keys keep their own count.
    await hitRateLimit(deps, 'other', rule);
    clock.advance(44_500);
    await hitRateLimit(deps, 'k', rule);
    await hitRateLimit(deps, 'k', rule);
    await hitRateLimit(deps, 'k', rule);
    expect((await refusal(hitRateLimit(deps, 'k', rule)))?.status).toBe(429);
  });

  it('scales per-address limits by ADDRESS_RATE_LIMIT_SCALE but never per-email ones', async () => {
    store = await openTestStore(kind);
    const deps = { store, clock: manualClock(), config: { addressRateLimitScale: 3 } };
    const perAddress = { limit: 2, windowMs: 60_000, perAddress: true };
    for (let i = 0; i < 6; i++) await hitRateLimit(deps, 'addr', perAddress);
    expect((await refusal(hitRateLimit(deps, 'addr', perAddress)))?.status).toBe(429);
    const perEmail = { limit: 2, windowMs: 60_000 };
    await hitRateLimit(deps, 'email', perEmail);
    await hitRateLimit(deps, 'email', perEmail);
    expect((await refusal(hitRateLimit(deps, 'email', perEmail)))?.status).toBe(429);
  });

  it('counts hits made at the same moment exactly once each', async () => {
    store = await openTestStore(kind);
    const deps = { store, clock: manualClock() };
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        refusal(hitRateLimit(deps, 'burst', { limit: 7, windowMs: 1000 })),
      ),
    );
    expect(results.filter((r) => r === undefined)).toHaveLength(7);
    expect(results.filter((r) => r?.status === 429)).toHaveLength(13);
  });

  it('drops finished windows so the table does not grow without bound', async () => {
    store = await openTestStore(kind);
    const clock = manualClock();
    const deps = { store, clock };
    for (let i = 0; i < 5; i++) await hitRateLimit(deps, `old-${i}`, { limit: 1, windowMs: 1000 });
    clock.advance(2000);
    await hitRateLimit(deps, 'new', { limit: 1, windowMs: 1000 });
    const { rows } = await store.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(rows.map((r) => r.key)).toEqual(['new']);
  });
});
