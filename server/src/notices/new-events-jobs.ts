/**
 * New events told in batches and digests (docs/decisions/064-notice-batches.md): the job of a
 * batch, when its window closes, mails each member who takes new events at once and schedules
 * the digest of each member who takes them daily or weekly; the digest job mails what the
 * batches of its period brought. Either way one mail per member names the events they may read
 * and did not make (digest-message.ts), through the `notice-mail` job (mail-job.ts).
 *
 * A batch is one troop's and tells its active members (docs/decisions/065-troops.md). A digest
 * is the member's, across their troops: it gathers the batches of every troop they are an active
 * member of, each event read with their role in its troop, grouped by troop. Its schedule is the
 * server's time zone, since one digest serves troops that may keep different clocks.
 */
import type { EventRecord } from '../calendar/occurrences.ts';
import { feedReader, readableEvents } from '../calendar/read-scope.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { answerTarget } from '../rsvps/mail-answer-links.ts';
import { batchEventIds, closedBetween, type BatchPayload } from './batches.ts';
import { newEventsByTroop, newEventsNotice } from './digest-message.ts';
import { digestFor, type DigestCadence } from './digest-schedule.ts';
import { CALENDAR_PATH, rowPath } from './event-address.ts';
import { stateOf } from './event-state.ts';
import { JOB_KINDS } from './job-kinds.ts';
import type { MailPayload } from './mail-job.ts';
import { allActiveMembers } from './recipients.ts';
import { digestChoice, newEventsDigestOf, settingsOf, wants } from './settings.ts';
import { jobTroopId } from './job-troop.ts';

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

  /** The troop's events of a batch or digest still on the calendar and not cancelled. */
  async function announced(troopId: string, ids: readonly string[]): Promise<EventRecord[]> {
    const rows: EventRecord[] = [];
    for (const id of ids) {
      const row = await findEvent(store, troopId, id);
      if (row && row.status !== 'cancelled') rows.push(row);
    }
    return rows;
  }

  /** The troop's events a member reads there and did not make. */
  async function theirsIn(troopId: string, userId: string, events: EventRecord[]) {
    const reader = await feedReader(store, troopId, userId);
    return readableEvents(
      config.roles,
      reader,
      events.filter((r) => r.user_id !== userId),
    );
  }

  /**
   * One mail to a member naming the new events of a troop they read and did not make: the
   * single event's notice for one, a list for more (digest-message.ts). `dedupeKey` makes it
   * once per member.
   */
  async function tellNewEvents(
    troopId: string,
    userId: string,
    events: EventRecord[],
    dedupeKey: string,
  ) {
    const theirs = await theirsIn(troopId, userId, events);
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
      troopId,
    });
  }

  /**
   * A member's digest: the new events of each of their troops, grouped by troop. A digest of
   * one troop's events is that troop's mail, as a batch's is; of several, the member's own.
   */
  async function tellDigest(userId: string, found: ReadonlyMap<string, string[]>, key: string) {
    const groups: Array<{ troopId: string; name: string | null; events: EventRecord[] }> = [];
    for (const [troopId, ids] of found) {
      const theirs = await theirsIn(troopId, userId, await announced(troopId, ids));
      if (theirs.length === 0) continue;
      const troop = await deps.troops.byId(troopId);
      groups.push({ troopId, name: troop?.name ?? null, events: theirs });
    }
    const [only] = groups;
    if (!only) return;
    if (groups.length === 1) return tellNewEvents(only.troopId, userId, only.events, key);
    const payload: MailPayload = {
      userId,
      kind: 'new_events',
      content: newEventsByTroop(
        groups.map((g) => ({ name: g.name, events: g.events.map((r) => stateOf(r)) })),
      ),
      path: CALENDAR_PATH,
    };
    await enqueueJob(store, clock.now(), {
      kind: JOB_KINDS.mail,
      payload: payload as unknown as Record<string, unknown>,
      dedupeKey: key,
    });
  }

  /** The troops where the member is active now: a digest tells only of those. */
  async function activeTroopsOf(userId: string): Promise<string[]> {
    const { rows } = await store.query<{ troop_id: string }>(
      "SELECT troop_id FROM memberships WHERE user_id = ? AND status = 'active' ORDER BY troop_id",
      [userId],
    );
    return rows.map((r) => r.troop_id);
  }

  return {
    async [JOB_KINDS.newEventsBatch](job) {
      const troopId = jobTroopId(job);
      const { batchKey, closesAt } = job.payload as unknown as BatchPayload;
      const events = await announced(troopId, await batchEventIds(store, troopId, str(batchKey)));
      if (events.length === 0) return;
      const settings = await settingsOf(store, await allActiveMembers(store, troopId));
      for (const [userId, s] of settings) {
        if (!wants(s, 'new_events')) continue;
        const cadence = newEventsDigestOf(s);
        if (cadence === 'immediate') {
          await tellNewEvents(troopId, userId, events, `${str(batchKey)}:${userId}`);
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
      const found = new Map<string, string[]>();
      for (const e of await closedBetween(store, await activeTroopsOf(str(userId)), from, until))
        found.set(e.troopId, [...(found.get(e.troopId) ?? []), e.eventId]);
      await tellDigest(str(userId), found, `${job.dedupeKey ?? job.id}:mail`);
    },
  };
}
