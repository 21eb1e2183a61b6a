/**
 * New events told in batches and digests (docs/decisions/064-notice-batches.md): the job of a
 * batch, when its window closes, mails each member who takes new events at once and schedules
 * the digest of each member who takes them daily or weekly; the digest job mails what the
 * batches of its period brought. Either way one mail per member names the events they may read
 * and did not make (digest-message.ts), through the `notice-mail` job (mail-job.ts).
 */
import type { EventRecord } from '../calendar/occurrences.ts';
import { feedReader, readableEvents } from '../calendar/read-scope.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { answerTarget } from '../rsvps/mail-answer-links.ts';
import { batchEventIds, closedBetween, type BatchPayload } from './batches.ts';
import { newEventsNotice } from './digest-message.ts';
import { digestFor, type DigestCadence } from './digest-schedule.ts';
import { CALENDAR_PATH, rowPath } from './event-address.ts';
import { stateOf } from './event-state.ts';
import { JOB_KINDS } from './job-kinds.ts';
import type { MailPayload } from './mail-job.ts';
import { allActiveMembers } from './recipients.ts';
import { digestChoice, newEventsDigestOf, settingsOf, wants } from './settings.ts';

/** What a member's digest job carries: the batches it gathers closed after `since`, by `due`. */
interface DigestPayload extends Record<string, unknown> {
  userId: string;
  since: number;
  due: number;
  /** Absent in jobs scheduled before digests kept their cadence: taken as the member's own. */
  cadence?: DigestCadence;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function newEventsJobs(deps: ReadyDeps): Record<string, JobHandler> {
  const { store, clock, config } = deps;

  /** The events of a batch or digest still on the calendar and not cancelled. */
  async function announced(ids: readonly string[]): Promise<EventRecord[]> {
    const rows: EventRecord[] = [];
    for (const id of ids) {
      const row = await findEvent(store, id);
      if (row && row.status !== 'cancelled') rows.push(row);
    }
    return rows;
  }

  /**
   * One mail to a member naming the new events they read and did not make: the single event's
   * notice for one, a list for more (digest-message.ts). `dedupeKey` makes it once per member.
   */
  async function tellNewEvents(userId: string, events: EventRecord[], dedupeKey: string) {
    const reader = await feedReader(store, userId);
    const theirs = readableEvents(
      config.roles,
      reader,
      events.filter((r) => r.user_id !== userId),
    );
    if (theirs.length === 0) return;
    // One event's mail carries its answer links; a list of several carries none.
    const answerFor = theirs.length === 1 ? answerTarget(theirs[0]!) : undefined;
    const payload: MailPayload = {
      userId,
      kind: 'new_events',
      content: newEventsNotice(theirs.map((r) => stateOf(r))),
      path: theirs.length === 1 ? rowPath(theirs[0]!) : CALENDAR_PATH,
      ...(answerFor && { answerFor }),
    };
    await enqueueJob(store, clock.now(), {
      kind: JOB_KINDS.mail,
      payload: payload as unknown as Record<string, unknown>,
      dedupeKey,
    });
  }

  return {
    async [JOB_KINDS.newEventsBatch](job) {
      const { batchKey, closesAt } = job.payload as unknown as BatchPayload;
      const events = await announced(await batchEventIds(store, str(batchKey)));
      if (events.length === 0) return;
      const settings = await settingsOf(store, await allActiveMembers(store));
      for (const [userId, s] of settings) {
        if (!wants(s, 'new_events')) continue;
        const cadence = newEventsDigestOf(s);
        if (cadence === 'immediate') {
          await tellNewEvents(userId, events, `${str(batchKey)}:${userId}`);
          continue;
        }
        const { due, since } = digestFor(config.timezone, cadence, Number(closesAt));
        // From when the member took new events this way, if that is later than the last digest.
        const chosen = (await digestChoice(store, userId)).since;
        const payload: DigestPayload = { userId, since: Math.max(since, chosen), due, cadence };
        await enqueueJob(store, clock.now(), {
          kind: JOB_KINDS.newEventsDigest,
          payload,
          dedupeKey: `digest:${cadence}:${due}:${userId}`,
          runAt: due,
        });
      }
    },

    async [JOB_KINDS.newEventsDigest](job) {
      const { userId, since, due, cadence } = job.payload as unknown as DigestPayload;
      // Only the batches told this way: a member who changed their choice got the batches before
      // the change the old way (one mail each, or the other digest), and those after it the new.
      const now = await digestChoice(store, str(userId));
      const current = (cadence ?? now.cadence) === now.cadence;
      const from = current ? Math.max(since, now.since) : since;
      const until = current ? due : Math.min(due, now.since);
      if (until <= from) return;
      const events = await announced(await closedBetween(store, from, until));
      await tellNewEvents(str(userId), events, `${job.dedupeKey ?? job.id}:mail`);
    },
  };
}
