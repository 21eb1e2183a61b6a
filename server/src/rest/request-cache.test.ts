import { describe, expect, it } from 'vitest';
import { QueryError } from './query-error.ts';
import { parsePreferCached, parseQueryCached } from './request-cache.ts';

describe('parsed requests kept per text', () => {
  it('answer the same text with the same frozen parse', () => {
    const text = 'select=id,event_date&order=event_date.desc&limit=5&user_id=eq.u1';
    const first = parseQueryCached(text);
    expect(parseQueryCached(text)).toBe(first);
    expect(first).toMatchObject({ select: ['id', 'event_date'], limit: 5 });
    expect(Object.isFrozen(first.filters[0])).toBe(true);
    expect(() => (first.order as unknown[]).push({})).toThrow(TypeError);
  });

  it('refuse a bad text every time, keeping nothing', () => {
    for (let i = 0; i < 2; i++) expect(() => parseQueryCached('limit=-1')).toThrow(QueryError);
  });

  it('read a Prefer header sent as one text or as several', () => {
    expect(parsePreferCached('count=exact, return=minimal')).toMatchObject({
      count: 'exact',
      returnRows: false,
    });
    expect(parsePreferCached(['count=exact', 'return=minimal'])).toBe(
      parsePreferCached('count=exact,return=minimal'),
    );
    expect(parsePreferCached(undefined).returnRows).toBe(true);
  });
});
