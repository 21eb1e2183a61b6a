/**
 * Query strings and Prefer headers, parsed once per text: a client sends the same few again and
 * again (the calendar's list, a page after page), and parsing them is a fair share of a small
 * request's work. What is kept is frozen, so no request can change what the next one reads.
 * A text that fails to parse is not kept; it fails again the same way.
 */
import { parseQuery, type ParsedQuery } from './parse-query.ts';
import { parsePrefer, type Prefer } from './prefer.ts';

/** Texts kept per cache; past it the cache starts afresh. */
const MAX_ENTRIES = 500;
/** Longer texts are parsed every time rather than kept. */
const MAX_KEPT_LENGTH = 2048;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function cached<T>(parse: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    const hit = kept.get(text);
    if (hit !== undefined) return hit;
    const value = parse(text);
    if (text.length > MAX_KEPT_LENGTH) return value;
    if (kept.size >= MAX_ENTRIES) kept.clear();
    kept.set(text, deepFreeze(value));
    return value;
  };
}

export const parseQueryCached: (rawQuery: string) => Readonly<ParsedQuery> = cached(parseQuery);

const preferOf = cached(parsePrefer);

export function parsePreferCached(header: string | string[] | undefined): Readonly<Prefer> {
  return preferOf(Array.isArray(header) ? header.join(',') : (header ?? ''));
}
