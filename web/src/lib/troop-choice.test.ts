import { describe, expect, it } from 'vitest';
import { TROOP_CHOICE_KEY, chosenTroop, forgetTroopChoice, rememberTroop } from './troop-choice.ts';

function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the troop the app calls with', () => {
  it('is the page’s own until another is chosen, and again once the own is chosen back', () => {
    const storage = memory();
    const own = { projectId: 'troop-12', timeZone: null };
    expect(chosenTroop(storage, 'troop-12')).toEqual(own);
    const other = { projectId: 'troop-45', timeZone: 'America/Denver' };
    rememberTroop(storage, other, 'troop-12');
    expect(chosenTroop(storage, 'troop-12')).toEqual(other);
    rememberTroop(storage, { projectId: 'troop-12', timeZone: 'America/Chicago' }, 'troop-12');
    expect(storage.items.has(TROOP_CHOICE_KEY)).toBe(false);
    expect(chosenTroop(storage, 'troop-12')).toEqual(own);
  });

  it('ignores a kept value no project id can be, and a storage that refuses', () => {
    const storage = memory();
    for (const junk of ['{"projectId":"../troop-45"}', 'troop-45', '{"projectId":7}', '[]']) {
      storage.setItem(TROOP_CHOICE_KEY, junk);
      expect(chosenTroop(storage, 'troop-12').projectId, junk).toBe('troop-12');
    }
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(chosenTroop(refusing, 'troop-12').projectId).toBe('troop-12');
    expect(() =>
      rememberTroop(refusing, { projectId: 'troop-45', timeZone: null }, 'troop-12'),
    ).not.toThrow();
    expect(chosenTroop(undefined, 'troop-12').projectId).toBe('troop-12');
  });

  it('is forgotten at sign-out, and the page loads again only to leave another troop', () => {
    const storage = memory();
    rememberTroop(storage, { projectId: 'troop-45', timeZone: null }, 'troop-12');
    expect(forgetTroopChoice(storage, 'troop-45', 'troop-12')).toBe(true);
    expect(chosenTroop(storage, 'troop-12').projectId).toBe('troop-12');
    expect(forgetTroopChoice(storage, 'troop-12', 'troop-12')).toBe(false);
  });
});
