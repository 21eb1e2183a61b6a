/**
 * Analytics events live ANALYTICS_RETENTION_DAYS days (docs/operations.md, Analytics). The purge
 * runs once a day in every server process; deleting what another process already deleted costs
 * nothing.
 */
import { processTimers, type Timers } from '../clock.ts';
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
  timers: Timers = processTimers,
): () => void {
  const run = () => void purgeExpiredAnalytics(deps).catch(onError);
  let stopDaily: (() => void) | undefined;
  const cancelFirst = timers.after(FIRST_PURGE_DELAY_MS, () => {
    run();
    stopDaily = timers.every(DAY_MS, run);
  });
  return () => {
    cancelFirst();
    stopDaily?.();
  };
}
