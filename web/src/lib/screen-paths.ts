/** The stable path each screen is counted under as a pageview (lib/screen-pageviews.ts). */
const PATHS: Record<string, string> = {
  auth: '/auth',
  reset: '/auth/reset',
  dashboard: '/dashboard',
  profile: '/profile',
  calendar: '/calendar',
  analytics: '/analytics',
  troops: '/troops',
  council: '/council',
  volunteer: '/volunteer',
  newsletter: '/newsletter',
  social: '/social',
};

/** The pathname a screen is counted under; none while loading. */
export const pageviewPath = (screen: string): string | null => PATHS[screen] ?? null;
