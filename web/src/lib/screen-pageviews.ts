/**
 * The app's screens as analytics pageviews (docs/operations.md, Analytics): each screen is
 * reported under a stable path of its own, not its address (protocol/src/app-paths.ts), so every event
 * opened counts as the calendar, never as a path per event id.
 */
import { useEffect } from 'react';
import { pageviewPath } from './screen-paths.ts';
import { scout } from './sdk.ts';

/** One pageview each time the shown screen changes. */
export function useScreenPageviews(screen: string): void {
  useEffect(() => {
    const pathname = pageviewPath(screen);
    if (pathname) scout.analytics.log('pageview', { pathname });
  }, [screen]);
}

/** A meaningful moment of the app (a sign-up, an event created), counted as a custom event. */
export const logAppEvent = (type: string, data: Record<string, unknown> = {}) =>
  scout.analytics.log(type, data);
