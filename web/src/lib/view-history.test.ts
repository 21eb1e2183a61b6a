import { describe, expect, it } from 'vitest';
import { historyTracker, viewInEntry } from './view-history.ts';

describe('screen changes as history entries', () => {
  it('replaces the entry on signing in and out, pushes one for each screen opened', () => {
    const t = historyTracker();
    expect(t.changed('auth')).toBe('replace');
    expect(t.changed('dashboard')).toBe('replace');
    expect(t.changed('calendar')).toBe('push');
    expect(t.changed('calendar')).toBeNull();
    expect(t.changed('profile')).toBe('push');
    expect(t.changed('auth')).toBe('replace');
  });

  it('adds no entry for the screen Back or Forward reached', () => {
    const t = historyTracker();
    t.changed('dashboard');
    t.changed('calendar');
    expect(t.popped('dashboard')).toBe(true);
    expect(t.changed('dashboard')).toBeNull();
    expect(t.changed('profile')).toBe('push');
  });

  it('after Back lands on the screen already shown, the next screen opened still gets its entry', () => {
    const t = historyTracker();
    t.changed('dashboard');
    t.changed('calendar');
    t.changed('profile');
    t.changed('calendar');
    // history.go(-2) from the last Calendar entry reaches the first one: the view does not change.
    t.popped('calendar');
    expect(t.changed('members')).toBe('push');
    expect(t.changed('calendar')).toBe('push');
  });

  it('a Back that reaches a screen while signed out leaves no mark behind for signing in', () => {
    const t = historyTracker();
    t.changed('auth');
    expect(t.popped('dashboard')).toBe(false);
    expect(t.changed('dashboard')).toBe('replace');
    expect(t.changed('calendar')).toBe('push');
  });

  it('reads only our own entries', () => {
    expect(viewInEntry({ scoutView: 'calendar' })).toBe('calendar');
    expect(viewInEntry({ scoutView: 'nowhere' })).toBeNull();
    expect(viewInEntry(null)).toBeNull();
  });
});
