/**
 * The job worker of a server process with the notice handlers and the reminder look-ahead
 * (docs/decisions/052-durable-jobs.md). buildApp starts it and stops it when the server closes.
 */
import type { ReadyDeps } from '../deps.ts';
import { createJobWorker, type JobWorker } from '../jobs/worker.ts';
import { noticeHandlers } from './handlers.ts';
import { REMINDER_SCAN_EVERY_MS, scheduleReminders } from './reminder-scan.ts';

export function createNoticeWorker(deps: ReadyDeps): JobWorker {
  return createJobWorker({
    store: deps.store,
    clock: deps.clock,
    config: deps.config.jobs,
    handlers: noticeHandlers(deps),
    periodic: [
      {
        name: 'reminders',
        everyMs: REMINDER_SCAN_EVERY_MS,
        run: async () => {
          await scheduleReminders(deps);
        },
      },
    ],
    logger: deps.logger,
  });
}
