import { describe, expect, it } from 'vitest';
import { rememberDismissal, wasDismissed, type KeyValueStore } from './banner-dismissal.ts';

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
  };
}

const refusing: KeyValueStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('verification banner dismissal', () => {
  it('is remembered for the account that dismissed it, not for another', () => {
    const store = memoryStore();
    expect(wasDismissed(store, 'user-1')).toBe(false);
    rememberDismissal(store, 'user-1');
    expect(wasDismissed(store, 'user-1')).toBe(true);
    expect(wasDismissed(store, 'user-2')).toBe(false);
  });

  it('treats missing or refusing storage as never dismissed, without throwing', () => {
    expect(() => rememberDismissal(null, 'user-1')).not.toThrow();
    expect(wasDismissed(null, 'user-1')).toBe(false);
    expect(() => rememberDismissal(refusing, 'user-1')).not.toThrow();
    expect(wasDismissed(refusing, 'user-1')).toBe(false);
  });
});
