/**
 * The job worker of a server process (docs/decisions/052-durable-jobs.md): every capability's
 * durable job handlers in one place, as tables.ts lists their tables, and the reminder
 * look-ahead. buildApp starts it and stops it when the server closes.
 */
import type { ReadyDeps } from './deps.ts';
import { createJobWorker, type JobWorker } from './jobs/worker.ts';
import { MAIL_CONNECTIONS } from './mail/mailer.ts';
import { memberJobHandlers } from './members/waiting-notice.ts';
import { newsletterMailJob } from './newsletter/mail-job.ts';
import { NEWSLETTER_SEND_JOB } from './newsletter/post-handlers.ts';
import { NEWSLETTER_MAIL_JOB, newsletterSendJob } from './newsletter/send-job.ts';
import { noticeHandlers } from './notices/handlers.ts';
import { JOB_KINDS } from './notices/job-kinds.ts';
import { REMINDER_SCAN_EVERY_MS, scheduleReminders } from './notices/reminder-scan.ts';
import { socialDigestJobs } from './social/digest-jobs.ts';
import { socialMailJobs } from './social/mail-jobs.ts';
import { SOCIAL_JOB_KINDS } from './social/notify.ts';
import { registrationJobHandlers } from './troops/registration-notice.ts';
import {
  scheduleVolunteerReminders,
  VOLUNTEER_REMINDER_SCAN_EVERY_MS,
  volunteerJobHandlers,
} from './volunteer/reminders.ts';

export function createAppJobWorker(deps: ReadyDeps): JobWorker {
  return createJobWorker({
    store: deps.store,
    clock: deps.clock,
    config: deps.config.jobs,
    handlers: {
      ...noticeHandlers(deps),
      ...memberJobHandlers(deps),
      ...registrationJobHandlers(deps),
      ...volunteerJobHandlers(deps),
      ...socialMailJobs(deps),
      ...socialDigestJobs(deps),
      [NEWSLETTER_SEND_JOB]: newsletterSendJob(deps),
      [NEWSLETTER_MAIL_JOB]: newsletterMailJob(deps),
    },
    // A mail is one person waiting; a fan-out job behind it only makes more mail.
    firstKinds: [
      JOB_KINDS.mail,
      NEWSLETTER_MAIL_JOB,
      SOCIAL_JOB_KINDS.mail,
      SOCIAL_JOB_KINDS.digestMail,
    ],
    // One newsletter or social mail per person, none waiting on another: as many at once as
    // the SMTP pool has connections, so a troop's issue goes out in seconds.
    concurrent: {
      kinds: [NEWSLETTER_MAIL_JOB, SOCIAL_JOB_KINDS.mail, SOCIAL_JOB_KINDS.digestMail],
      concurrency: MAIL_CONNECTIONS,
    },
    periodic: [
      {
        name: 'reminders',
        everyMs: REMINDER_SCAN_EVERY_MS,
        run: async () => {
          await scheduleReminders(deps);
        },
      },
      {
        name: 'volunteer-reminders',
        everyMs: VOLUNTEER_REMINDER_SCAN_EVERY_MS,
        run: async () => {
          await scheduleVolunteerReminders(deps);
        },
      },
    ],
    logger: deps.logger,
  });
}
