import { describe, expect, it } from 'vitest';
import { isoInstant, readBoolean, storedBoolean } from './sql-values.ts';

describe('values as the stores keep them', () => {
  it('instants are ISO 8601 UTC text that reads back to the same instant', () => {
    const ms = Date.UTC(2026, 2, 1, 15, 4, 5, 6);
    expect(isoInstant(ms)).toBe('2026-03-01T15:04:05.006Z');
    expect(Date.parse(isoInstant(ms))).toBe(ms);
  });

  it('booleans are PostgreSQL booleans and SQLite 0/1', () => {
    expect(storedBoolean({ dialect: 'postgres' }, true)).toBe(true);
    expect(storedBoolean({ dialect: 'postgres' }, false)).toBe(false);
    expect(storedBoolean({ dialect: 'sqlite' }, true)).toBe(1);
    expect(storedBoolean({ dialect: 'sqlite' }, false)).toBe(0);
  });

  it('a boolean read back in either driver form is true, anything else false', () => {
    for (const v of [true, 1, '1', 't', 'true']) expect(readBoolean(v)).toBe(true);
    for (const v of [false, 0, '0', 'f', 'false', null, undefined, 2])
      expect(readBoolean(v)).toBe(false);
  });
});
