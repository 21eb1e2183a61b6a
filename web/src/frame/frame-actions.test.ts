import { describe, expect, it } from 'vitest';
import { accountMenu, tabChooser } from './frame-actions.ts';
import type { Navigation } from './navigation.ts';

const opened: string[] = [];
const nav: Navigation = {
  open: (view) => opened.push(view),
  back: () => opened.push('back'),
  highlight: () => undefined,
  logout: () => opened.push('logout'),
};
const labels = (items: ReturnType<typeof accountMenu>) => items.map((i) => i.label);

describe('the account menu', () => {
  it('offers Members only to those who may read the list, and not on the Members screen', () => {
    expect(labels(accountMenu(nav, 'dashboard'))).toEqual(['Profile', 'Sign Out']);
    expect(labels(accountMenu(nav, 'dashboard', [], { members: true }))).toEqual([
      'Members',
      'Profile',
      'Sign Out',
    ]);
    expect(labels(accountMenu(nav, 'members', [], { members: true }))).toEqual([
      'Profile',
      'Sign Out',
    ]);
    expect(labels(accountMenu(nav, 'profile', [], { members: true }))).toEqual([
      'Members',
      'Sign Out',
    ]);
  });

  it('says on Members how many accounts wait for approval', () => {
    expect(labels(accountMenu(nav, 'dashboard', [], { members: true, waiting: 3 }))).toEqual([
      'Members, 3 waiting',
      'Profile',
      'Sign Out',
    ]);
    expect(labels(accountMenu(nav, 'profile', [], { members: true, waiting: 0 }))).toEqual([
      'Members',
      'Sign Out',
    ]);
  });

  it('offers Analytics only to those who may read it, and not on the Analytics screen', () => {
    expect(labels(accountMenu(nav, 'dashboard', [], { analytics: true }))).toEqual([
      'Profile',
      'Analytics',
      'Sign Out',
    ]);
    expect(labels(accountMenu(nav, 'analytics', [], { analytics: true }))).toEqual([
      'Profile',
      'Sign Out',
    ]);
  });

  it('offers Troops to the platform admin and Council troops in a council, not on their screens', () => {
    expect(labels(accountMenu(nav, 'dashboard', [], { troops: true, council: true }))).toEqual([
      'Profile',
      'Troops',
      'Council troops',
      'Sign Out',
    ]);
    expect(labels(accountMenu(nav, 'troops', [], { troops: true, council: true }))).toEqual([
      'Profile',
      'Council troops',
      'Sign Out',
    ]);
    expect(labels(accountMenu(nav, 'council', [], { troops: true, council: true }))).toEqual([
      'Profile',
      'Troops',
      'Sign Out',
    ]);
    opened.length = 0;
    for (const item of accountMenu(nav, 'profile', [], { troops: true, council: true }))
      item.onSelect();
    expect(opened).toEqual(['troops', 'council', 'logout']);
  });

  it('opens the screens it names', () => {
    opened.length = 0;
    for (const item of accountMenu(nav, 'calendar', [], { members: true })) item.onSelect();
    expect(opened).toEqual(['members', 'profile', 'logout']);
  });

  it('opens the newsletter from its tab on every screen, one of its posts too', () => {
    const views: string[] = [];
    const highlighted: string[] = [];
    const tabs: Navigation = {
      open: (view, tab) => views.push(tab ? `${view}:${tab}` : view),
      back: () => undefined,
      highlight: (tab) => highlighted.push(tab),
      logout: () => undefined,
    };
    tabChooser(tabs, 'dashboard')('newsletter');
    tabChooser(tabs, 'newsletter')('newsletter');
    tabChooser(tabs, 'volunteer')('newsletter');
    tabChooser(tabs, 'dashboard')('home');
    tabChooser(tabs, 'newsletter')('home');
    expect(views).toEqual(['newsletter', 'newsletter', 'newsletter', 'dashboard:home']);
    expect(highlighted).toEqual(['home']);
  });

  it('opens the social feed from its tab on every screen, one of its posts too', () => {
    const views: string[] = [];
    const highlighted: string[] = [];
    const tabs: Navigation = {
      open: (view, tab) => views.push(tab ? `${view}:${tab}` : view),
      back: () => undefined,
      highlight: (tab) => highlighted.push(tab),
      logout: () => undefined,
    };
    tabChooser(tabs, 'dashboard')('social');
    tabChooser(tabs, 'social')('social');
    tabChooser(tabs, 'calendar')('social');
    tabChooser(tabs, 'social')('home');
    expect(views).toEqual(['social', 'social', 'social', 'dashboard:home']);
    expect(highlighted).toEqual([]);
  });
});
