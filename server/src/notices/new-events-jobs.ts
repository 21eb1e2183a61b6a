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
import { UNNAMED_COUNCIL } from '../calendar/council-name.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { answerTarget } from '../rsvps/mail-answer-links.ts';
import { batchEventIds, closedBetween, type BatchPayload } from './batches.ts';
import { newEventsByTroop, newEventsNotice, type TroopEvents } from './digest-message.ts';
import { digestFor, type DigestCadence } from './digest-schedule.ts';
import { appAddress, CALENDAR_PATH, rowPath } from './event-address.ts';
import { asItIs, audienceOf, councilsOf, fromUnit, type Naming } from './event-audience.ts';
import { stateOf } from './event-state.ts';
import { JOB_KINDS } from './job-kinds.ts';
import type { MailPayload } from './mail-job.ts';
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

  /** The events as a member of `troopId` is told of them: another unit's (its council's) named so. */
  async function statesIn(troopId: string, rows: readonly EventRecord[]) {
    const names = new Map<string, Naming>();
    const out = [];
    for (const row of rows) {
      const unitId = row.troop_id ?? troopId;
      if (!names.has(unitId)) {
        const unit = unitId === troopId ? undefined : await deps.troops.byId(unitId);
        names.set(unitId, unitId === troopId ? asItIs : fromUnit(unit?.name ?? UNNAMED_COUNCIL));
      }
      out.push(names.get(unitId)!(stateOf(row)));
    }
    return out;
  }

  /**
   * One mail to a member naming the new events they read in a troop and did not make (the
   * troop's, or its council's: the member's troop for it, event-audience.ts): the single event's
   * notice for one, a list for more (digest-message.ts). `dedupeKey` makes it once per member.
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
      content: newEventsNotice(await statesIn(troopId, theirs)),
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
   * A member's digest: the new events of each of their troops, grouped by troop, a council's
   * under the member's troop of it. A digest of one troop's events is that troop's mail, as a
   * batch's is; of several, the member's own, each event linking into its own troop.
   */
  async function tellDigest(userId: string, found: ReadonlyMap<string, string[]>, key: string) {
    const byTroop = new Map<string, EventRecord[]>();
    for (const [unitId, ids] of found) {
      const home = (await audienceOf(store, unitId, [userId])).get(userId);
      if (!home) continue;
      const theirs = await theirsIn(home, userId, await announced(unitId, ids));
      if (theirs.length > 0) byTroop.set(home, [...(byTroop.get(home) ?? []), ...theirs]);
    }
    const [only, ...more] = byTroop;
    if (!only) return;
    if (more.length === 0) return tellNewEvents(only[0], userId, only[1], key);
    const groups: TroopEvents[] = [];
    for (const [troopId, rows] of byTroop) {
      const troop = await deps.troops.byId(troopId);
      const states = await statesIn(troopId, rows);
      groups.push({
        name: troop?.name ?? null,
        events: states.map((state, i) => ({
          ...state,
          link: appAddress(config, troop?.projectId, rowPath(rows[i]!)),
        })),
      });
    }
    const payload: MailPayload = {
      userId,
      kind: 'new_events',
      content: newEventsByTroop(groups),
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
      // A council's batch tells the members of its troops too, each once, in their troop.
      const homes = await audienceOf(store, troopId);
      const settings = await settingsOf(store, [...homes.keys()]);
      for (const [userId, s] of settings) {
        if (!wants(s, 'new_events')) continue;
        const cadence = newEventsDigestOf(s);
        if (cadence === 'immediate') {
          await tellNewEvents(homes.get(userId)!, userId, events, `${str(batchKey)}:${userId}`);
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
      // The batches of their troops and of those troops' councils.
      const troops = await activeTroopsOf(str(userId));
      const councils = (await councilsOf(store, troops)).filter((c) => !troops.includes(c));
      const found = new Map<string, string[]>();
      for (const e of await closedBetween(store, [...troops, ...councils], from, until))
        found.set(e.troopId, [...(found.get(e.troopId) ?? []), e.eventId]);
      await tellDigest(str(userId), found, `${job.dedupeKey ?? job.id}:mail`);
    },
  };
}
