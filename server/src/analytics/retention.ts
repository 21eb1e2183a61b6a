/**
 * Analytics events live ANALYTICS_RETENTION_DAYS days (docs/operations.md, Analytics). The purge
 * runs once a day in every server process; deleting what another process already deleted costs
 * nothing.
 */
import type { AppDeps } from '../deps.ts';
import { purgeEventsBefore } from './store-events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first purge waits a little after start, so a start is not slowed by it. */
const FIRST_PURGE_DELAY_MS = 60_000;

export function purgeExpiredAnalytics(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
): Promise<number> {
  return purgeEventsBefore(
    deps.store,
    deps.clock.now() - deps.config.analyticsRetentionDays * DAY_MS,
  );
}

/** Starts the daily purge; the returned function stops it. */
export function scheduleAnalyticsPurge(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  onError: (err: unknown) => void,
): () => void {
  const run = () => void purgeExpiredAnalytics(deps).catch(onError);
  let daily: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    daily = setInterval(run, DAY_MS);
    daily.unref();
  }, FIRST_PURGE_DELAY_MS);
  first.unref();
  return () => {
    clearTimeout(first);
    if (daily) clearInterval(daily);
  };
}
