import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_SESSION_ID_PATTERN,
  newAnalyticsSessionId,
  truncateStrings,
} from './analytics.ts';

describe('truncateStrings', () => {
  it('cuts long strings to 253 characters plus "..." and leaves short ones alone', () => {
    const long = 'a'.repeat(300);
    const out = truncateStrings({ pathname: long, label: 'ok', n: 5, flag: true, none: null });
    expect(out.pathname).toHaveLength(256);
    expect(out.pathname.endsWith('a...')).toBe(true);
    expect(out).toMatchObject({ label: 'ok', n: 5, flag: true, none: null });
    expect(truncateStrings('b'.repeat(256))).toHaveLength(256);
    expect(truncateStrings('b'.repeat(257))).toBe(`${'b'.repeat(253)}...`);
  });

  it('cuts strings nested in objects and arrays, without changing the original', () => {
    const data = { tags: ['x'.repeat(400)], deep: { deeper: { text: 'y'.repeat(1000) } } };
    const out = truncateStrings(data);
    expect(out.tags[0]).toHaveLength(256);
    expect(out.deep.deeper.text).toHaveLength(256);
    expect(data.tags[0]).toHaveLength(400);
  });

  it('turns a cycle into null instead of looping', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(truncateStrings(a)).toEqual({ name: 'a', self: null });
  });
});

describe('newAnalyticsSessionId', () => {
  it('is sess_<ms>_<random>', () => {
    const id = newAnalyticsSessionId(1764000000000, () => 0.123456789);
    expect(id).toMatch(/^sess_1764000000000_[a-z0-9]{9}$/);
    expect(id).toMatch(ANALYTICS_SESSION_ID_PATTERN);
  });
});
