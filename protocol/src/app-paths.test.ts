import { describe, expect, it } from 'vitest';
import {
  addressOf,
  eventPath,
  pathOf,
  queryWithoutTroop,
  socialPostPath,
  troopAddress,
  troopInQuery,
  type Address,
} from './app-paths.ts';

describe('addresses of screens and events', () => {
  it('reads each screen from its path, the dashboard from the root', () => {
    expect(
      [
        '/',
        '/dashboard',
        '/profile',
        '/calendar',
        '/members',
        '/analytics',
        '/troops',
        '/council',
        '/volunteer',
      ].map(addressOf),
    ).toEqual([
      { view: 'dashboard' },
      { view: 'dashboard' },
      { view: 'profile' },
      { view: 'calendar' },
      { view: 'members' },
      { view: 'analytics' },
      { view: 'troops' },
      { view: 'council' },
      { view: 'volunteer' },
    ]);
    // A trailing slash, as a chat app may add one, names the same screen.
    expect(addressOf('/profile/')).toEqual({ view: 'profile' });
  });

  it('reads an event, and one occurrence of a series by its date', () => {
    expect(addressOf('/calendar/events/event_1_abc')).toEqual({
      view: 'calendar',
      event: { id: 'event_1_abc' },
    });
    expect(addressOf('/calendar/events/weekly/2026-06-13')).toEqual({
      view: 'calendar',
      event: { id: 'weekly', date: '2026-06-13' },
    });
  });

  it('names every other path not found, never a screen it does not mean', () => {
    for (const path of [
      '/auth',
      '/calendar/events',
      '/calendar/events/x/13-06-2026',
      '/calendar/events/x/2026-06-13/more',
      '/calendar/events/%E0%A4%A',
      '/profile/other',
      '/dashboard/x',
      '/troops/troop-45',
      '/volunteer/slots',
      '/settings',
    ])
      expect(addressOf(path), path).toEqual({ view: 'not-found' });
  });

  it('writes the path each address is read back from', () => {
    const addresses: Address[] = [
      { view: 'dashboard' },
      { view: 'profile' },
      { view: 'calendar' },
      { view: 'members' },
      { view: 'analytics' },
      { view: 'troops' },
      { view: 'council' },
      { view: 'volunteer' },
      { view: 'calendar', event: { id: 'event_1_abc' } },
      { view: 'calendar', event: { id: 'weekly', date: '2026-06-13' } },
      // Ids are the writer's: any character survives the trip through the address.
      { view: 'calendar', event: { id: 'a/b c?d#e' } },
    ];
    for (const address of addresses) expect(addressOf(pathOf(address))).toEqual(address);
    expect(pathOf({ view: 'dashboard' })).toBe('/');
    expect(eventPath('weekly', '2026-06-13')).toBe('/calendar/events/weekly/2026-06-13');
    expect(eventPath('a/b c')).toBe('/calendar/events/a%2Fb%20c');
  });

  it('reads the social feed and one post of it, and writes them back', () => {
    expect(addressOf('/social')).toEqual({ view: 'social' });
    expect(addressOf('/social/')).toEqual({ view: 'social' });
    expect(addressOf('/social/posts/p1')).toEqual({ view: 'social', post: 'p1' });
    expect(socialPostPath('a/b c')).toBe('/social/posts/a%2Fb%20c');
    for (const address of [
      { view: 'social' },
      { view: 'social', post: 'p1' },
      { view: 'social', post: 'a/b c?d#e' },
    ] satisfies Address[])
      expect(addressOf(pathOf(address))).toEqual(address);
    expect(pathOf({ view: 'social' })).toBe('/social');
    for (const path of [
      '/social/p1',
      '/social/posts',
      '/social/posts/p1/more',
      '/social/posts/%20',
      '/social/posts/%E0%A4%A',
    ])
      expect(addressOf(path), path).toEqual({ view: 'not-found' });
  });

  it("names a troop other than the server's own in the address, and reads it back", () => {
    const home = 'troop-12';
    expect(troopAddress('/calendar/events/e1', home, home)).toBe('/calendar/events/e1');
    expect(troopAddress('/calendar', undefined, home)).toBe('/calendar');
    expect(troopAddress('/calendar/events/e1/2026-06-18', 'troop-45', home)).toBe(
      '/calendar/events/e1/2026-06-18?troop=troop-45',
    );
    expect(troopAddress('/?invite=abc', 'pack_7', home)).toBe('/?invite=abc&troop=pack_7');

    const linked = new URL(troopAddress('/calendar/events/e1', 'troop-45', home), 'https://x.org');
    expect(addressOf(linked.pathname)).toEqual({ view: 'calendar', event: { id: 'e1' } });
    expect(troopInQuery(linked.search)).toBe('troop-45');
    expect(troopInQuery('?invite=abc&troop=pack_7')).toBe('pack_7');
    for (const search of ['', '?', '?troop=', '?troop=%20', '?invite=abc'])
      expect(troopInQuery(search), search).toBeNull();

    expect(queryWithoutTroop('?troop=troop-45')).toBe('');
    expect(queryWithoutTroop('?invite=abc&troop=pack_7')).toBe('?invite=abc');
    expect(queryWithoutTroop('?invite=abc')).toBe('?invite=abc');
  });
});
