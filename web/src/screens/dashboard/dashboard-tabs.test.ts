import { describe, expect, it } from 'vitest';
import { firstNameOf } from '@scout/protocol/user-display';
import { DASHBOARD_TABS, TAB_LABELS, chooseTab, greetingFor } from './dashboard-tabs.ts';

describe('dashboard tabs', () => {
  it('lists Home, Calendar, Social and Newsletter in that order', () => {
    expect(DASHBOARD_TABS.map((t) => TAB_LABELS[t])).toEqual([
      'Home',
      'Calendar',
      'Social',
      'Newsletter',
    ]);
  });

  it('only moves the highlight for Home, Social and Newsletter', () => {
    expect(chooseTab('home', 'social')).toEqual({ active: 'social', openCalendar: false });
    expect(chooseTab('social', 'newsletter')).toEqual({
      active: 'newsletter',
      openCalendar: false,
    });
    expect(chooseTab('newsletter', 'home')).toEqual({ active: 'home', openCalendar: false });
  });

  it('opens the calendar for Calendar and keeps the highlight where it was', () => {
    expect(chooseTab('social', 'calendar')).toEqual({ active: 'social', openCalendar: true });
  });
});

describe('greeting', () => {
  it('is hard-coded to evening and shouts the first name', () => {
    expect(greetingFor(firstNameOf({ displayName: 'Jane Doe', email: 'j@example.com' }))).toBe(
      'Good Evening, JANE',
    );
    expect(greetingFor(firstNameOf({ displayName: null, email: 'scout.leader@example.com' }))).toBe(
      'Good Evening, SCOUT.LEADER',
    );
    expect(greetingFor(firstNameOf(null))).toBe('Good Evening, USER');
  });
});
