import { describe, expect, it } from 'vitest';
import { pageviewPath } from './screen-paths.ts';

describe('pageviewPath', () => {
  it('gives every screen a stable path of its own, and none while loading', () => {
    expect(
      [
        'auth',
        'reset',
        'dashboard',
        'profile',
        'calendar',
        'analytics',
        'troops',
        'council',
        'volunteer',
        'newsletter',
        'social',
      ].map(pageviewPath),
    ).toEqual([
      '/auth',
      '/auth/reset',
      '/dashboard',
      '/profile',
      '/calendar',
      '/analytics',
      '/troops',
      '/council',
      '/volunteer',
      '/newsletter',
      '/social',
    ]);
    expect(pageviewPath('loading')).toBeNull();
  });
});
