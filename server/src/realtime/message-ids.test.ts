import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenBucket } from './rate-limit.ts';
import {
  compareMessageIds,
  formatMessageId,
  nextMessageId,
  parseMessageId,
  parseRangeBound,
} from './message-ids.ts';

describe('message ids', () => {
  it('increase per channel whatever the clock does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000_000_000 }), { minLength: 1, maxLength: 50 }),
        (times) => {
          let last;
          for (const now of times) {
            const id = nextMessageId(last, now);
            if (last) expect(compareMessageIds(id, last)).toBeGreaterThan(0);
            expect(parseMessageId(formatMessageId(id))).toEqual(id);
            last = id;
          }
        },
      ),
    );
  });

  it('use the clock while it moves forward and count within one millisecond', () => {
    expect(formatMessageId(nextMessageId(undefined, 1000))).toBe('1000-0');
    expect(formatMessageId(nextMessageId({ ms: 1000, seq: 0 }, 1000))).toBe('1000-1');
    expect(formatMessageId(nextMessageId({ ms: 1000, seq: 4 }, 999))).toBe('1000-5');
    expect(formatMessageId(nextMessageId({ ms: 1000, seq: 4 }, 1001))).toBe('1001-0');
  });

  it('read - and + as open ends and refuse anything else that is not an id', () => {
    expect(parseRangeBound('-')).toBe('open');
    expect(parseRangeBound('+')).toBe('open');
    expect(parseRangeBound(undefined)).toBe('open');
    expect(parseRangeBound('17-3')).toEqual({ ms: 17, seq: 3 });
    for (const bad of ['17', '17-', 'a-1', '1-2-3', '(17-3', '9999999999999999-0'])
      expect(parseRangeBound(bad), bad).toBeUndefined();
  });
});

describe('frame rate limit', () => {
  it('allows a burst, then refills at the rate', () => {
    const bucket = tokenBucket(50, 100, 0);
    let allowed = 0;
    for (let i = 0; i < 150; i++) if (bucket.take(0)) allowed++;
    expect(allowed).toBe(100);
    const b2 = tokenBucket(50, 100, 0);
    for (let i = 0; i < 100; i++) b2.take(0);
    expect(b2.take(0)).toBe(false);
    expect(b2.take(20)).toBe(true);
    expect(b2.take(20)).toBe(false);
    let later = 0;
    for (let i = 0; i < 200; i++) if (b2.take(1020)) later++;
    expect(later).toBe(50);
  });
});
