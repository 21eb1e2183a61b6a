import { describe, expect, it } from 'vitest';
import { NAV_TABS, chooseTab } from './nav-tabs.ts';

describe('navigation tabs', () => {
  it('lists Home, Calendar, Social and Newsletter in that order', () => {
    expect(NAV_TABS.map((t) => t.label)).toEqual(['Home', 'Calendar', 'Social', 'Newsletter']);
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
