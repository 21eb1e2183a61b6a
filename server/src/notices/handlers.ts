/**
 * The jobs behind event notices (docs/decisions/052-durable-jobs.md). Fan-out jobs decide who
 * gets what and schedule one `notice-mail` job per person (mail-job.ts), keyed so that no person
 * gets the same notice twice. Nobody is told of an event the `calendar_events` read rule keeps
 * from them (docs/roles.md): a notice goes only to those who could read the event. A send that
 * fails throws, and the worker retries it with backoff.
 */
import { isoDay } from '@scout/protocol/wall-clock';
import type { EventRecord } from '../calendar/occurrences.ts';
import { unitsOf } from '../calendar/calendar-units.ts';
import { UNNAMED_COUNCIL } from '../calendar/council-name.ts';
import { findEvent } from '../calendar/stored-events.ts';
import { feedReader, readableEvents } from '../calendar/read-scope.ts';
import { givesDate } from '../calendar/series-rule.ts';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob, payloadOfKey } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import {
  currentOccurrence,
  instantOf,
  readNotified,
  saveNotified,
  seriesBaseline,
  stateOf,
  type EventState,
} from './event-state.ts';
import { changeNotice, reminderNotice, removedNotice, type NoticeContent } from './messages.ts';
import { mailJob, type MailPayload } from './mail-job.ts';
import {
  answeredRecipientIds,
  changeRecipientIds,
  targetAdults,
  targetAnswer,
} from './recipients.ts';
import type {
  CreatedJobPayload,
  FollowingRemovedPayload,
  OccurrenceRemovedPayload,
} from './event-outbox.ts';
import { CALENDAR_PATH, eventPath, rowPath } from './event-address.ts';
import { createdJobKey, JOB_KINDS } from './job-kinds.ts';
import { settingsOf, wants } from './settings.ts';
import { joinBatch } from './batches.ts';
import { newEventsJobs } from './new-events-jobs.ts';
import { answerTarget } from '../rsvps/mail-answer-links.ts';
import { isoInstant } from '../store/sql-values.ts';
import { jobTroopId } from './job-troop.ts';
import { asItIs, audienceOf, fromUnit, unitsHearing, type Naming } from './event-audience.ts';

const HOUR_MS = 3600_000;
/** A reminder taken a little early (a worker's poll) goes out now rather than being put off. */
const EARLY_TOLERANCE_MS = 60_000;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** What the trigger of migration 033 records of a deleted event. */
interface RemovedJobPayload {
  eventId: string;
  removed?: EventRecord;
  answered?: Array<{ userId: string; occurrence: string }>;
}

/** The event as its `event-created` job recorded it at creation, when it did. */
function createdState(payload: Record<string, unknown> | null): EventState | null {
  const created = (payload as CreatedJobPayload | null)?.created;
  return created && typeof created === 'object' ? stateOf(created as EventRecord) : null;
}

export function noticeHandlers(deps: ReadyDeps): Record<string, JobHandler> {
  const { store, clock, config } = deps;
  const nowIso = () => isoInstant(clock.now());
  const today = () => isoDay(clock.now());

  /** Does `userId`, with the role they have in the troop now, read this event? */
  async function reads(troopId: string, userId: string, row: EventRecord): Promise<boolean> {
    const reader = await feedReader(store, troopId, userId);
    return readableEvents(config.roles, reader, [row]).length > 0;
  }

  /**
   * One mail job per wanting person who reads the event, in the troop `homes` gives them
   * (event-audience.ts): they read it with their role there, the mail names that troop, and a
   * council's event is named as the council's. The key makes it once per person whoever
   * schedules it. The mail links to `path`, the event's address in the app.
   */
  async function fanOut(
    homes: ReadonlyMap<string, string>,
    row: EventRecord,
    kind: MailPayload['kind'],
    notice: (naming: Naming) => NoticeContent,
    keyOf: (userId: string) => string,
    path: string,
    answerFor?: MailPayload['answerFor'],
  ) {
    const unitId = row.troop_id;
    const settings = await settingsOf(store, [...homes.keys()]);
    let shared: NoticeContent | undefined;
    for (const [userId, s] of settings) {
      const troopId = homes.get(userId)!;
      if (!wants(s, kind) || !(await reads(troopId, userId, row))) continue;
      let content = notice(asItIs);
      if (unitId !== undefined && troopId !== unitId) {
        const unit = await deps.troops.byId(unitId);
        shared ??= notice(fromUnit(unit?.name ?? UNNAMED_COUNCIL));
        content = shared;
      }
      const payload: MailPayload = { userId, kind, content, path, ...(answerFor && { answerFor }) };
      await enqueueJob(store, clock.now(), {
        kind: JOB_KINDS.mail,
        payload: payload as unknown as Record<string, unknown>,
        dedupeKey: keyOf(userId),
        troopId,
      });
    }
  }

  /** The people told of an event of the unit, each with the troop they are told in. */
  const homesOf = (troopId: string, people: readonly string[]) =>
    audienceOf(store, troopId, people);

  /** A new event as created, carried by its `event-created` job (migration 032). */
  async function knownAtCreation(eventId: string): Promise<EventState | null> {
    // Event ids are unique across troops, and so is the key of an event's created job.
    const payload = await payloadOfKey(store, createdJobKey(eventId));
    return createdState(payload);
  }

  /**
   * Tells everyone who may read an event how it changed since they were last told, answered or
   * not, in one notice keyed by the event's sequence: two workers running jobs of one change
   * send it once.
   */
  async function tellChange(troopId: string, row: EventRecord) {
    const eventId = row.id;
    const sequence = Number(row.sequence ?? 0);
    const after = stateOf(row);
    const before =
      (await readNotified(store, troopId, eventId)) ??
      (await knownAtCreation(eventId)) ??
      (await seriesBaseline(store, troopId, row));
    const notice = before ? changeNotice(before, after) : null;
    // A correction to an event over and done with (a single one or one meeting) is news to nobody.
    const past = (s: EventState) => (s.endDate || s.date) < today();
    const over = !row.rrule && past(after) && (!before || past(before));
    if (before && notice && !over) {
      const units = await unitsHearing(store, troopId);
      const people = await changeRecipientIds(store, troopId, units, row, clock.now(), today());
      await fanOut(
        await homesOf(troopId, people),
        { ...row, troop_id: troopId },
        'changes',
        (n) => changeNotice(n(before), n(after)) ?? notice,
        (u) => `changed:${eventId}:${sequence}:${u}`,
        rowPath(row),
        answerTarget(row),
      );
    }
    await saveNotified(store, troopId, eventId, after, nowIso());
  }

  return {
    async [JOB_KINDS.eventCreated](job) {
      const troopId = jobTroopId(job);
      const eventId = str(job.payload.eventId);
      const row = await findEvent(store, troopId, eventId);
      if (!row) return;
      // A changed occurrence's row is news about a meeting families already knew of.
      if (row.series_id && row.recurrence_date) return tellChange(troopId, row);
      // What families knew from the start. The job itself keeps it when its payload carries the
      // event as created (knownAtCreation reads it there); otherwise it is recorded now, unless
      // a change job that ran first has recorded its own.
      if (!createdState(job.payload))
        await saveNotified(store, troopId, eventId, stateOf(row), nowIso(), true);
      if (job.payload.announce === false || row.status === 'cancelled') return;
      // Told with the other new events of its window, when the window closes (batches.ts).
      await joinBatch(store, clock.now(), config.noticeBatchMs, troopId, eventId);
    },

    ...newEventsJobs(deps),

    async [JOB_KINDS.eventChanged](job) {
      // The event as it stands now: changes made since this job was scheduled are told at once.
      const troopId = jobTroopId(job);
      const row = await findEvent(store, troopId, str(job.payload.eventId));
      if (row) await tellChange(troopId, row);
    },

    async [JOB_KINDS.eventRemoved](job) {
      const troopId = jobTroopId(job);
      const { removed, answered = [] } = job.payload as unknown as RemovedJobPayload;
      if (!removed) return;
      const state = stateOf(removed);
      const series = Boolean(removed.rrule);
      // A cancelled event was told of when it was cancelled; a past one is news to nobody.
      if (state.status === 'cancelled' || (!series && state.date < today())) return;
      // An answer to a meeting cut from the series earlier was told then.
      const told = (occurrence: string) =>
        occurrence === '' || (occurrence >= today() && (!series || givesDate(removed, occurrence)));
      const people = answered.filter((a) => told(a.occurrence)).map((a) => a.userId);
      await fanOut(
        await homesOf(troopId, people),
        { ...removed, troop_id: troopId },
        'changes',
        (n) => removedNotice(n(state), { what: series ? 'series' : 'one' }),
        (u) => `removed:${removed.id}:${u}`,
        CALENDAR_PATH,
      );
    },

    async [JOB_KINDS.occurrenceRemoved](job) {
      const troopId = jobTroopId(job);
      const { eventId, occurrence, removed } = job.payload as unknown as OccurrenceRemovedPayload;
      const state = stateOf(removed);
      if (state.status === 'cancelled' || state.date < today()) return;
      const series = (await findEvent(store, troopId, eventId)) ?? removed;
      // The answers stay, keyed by the series and the occurrence's original date.
      const key = { ...series, series_id: eventId, recurrence_date: occurrence };
      const units = await unitsHearing(store, troopId);
      const people = await answeredRecipientIds(store, units, key, today());
      await fanOut(
        await homesOf(troopId, people),
        { ...series, troop_id: troopId },
        'changes',
        (n) => removedNotice(n(state), { what: 'one' }),
        (u) => `removed:${eventId}:${occurrence}:${u}`,
        CALENDAR_PATH,
      );
    },

    async [JOB_KINDS.followingRemoved](job) {
      const troopId = jobTroopId(job);
      const { eventId, from, removed } = job.payload as unknown as FollowingRemovedPayload;
      const state = stateOf(removed);
      if (state.status === 'cancelled') return;
      // A series left with no meeting was deleted, and migration 033's job tells that.
      const series = await findEvent(store, troopId, eventId);
      if (!series?.rrule) return;
      // Those who answered a meeting from the first removed date on, or from today if later.
      const since = from > today() ? from : today();
      const units = await unitsHearing(store, troopId);
      const people = await answeredRecipientIds(store, units, series, since);
      await fanOut(
        await homesOf(troopId, people),
        series,
        'changes',
        (n) => removedNotice(n(state), { what: 'following', from }),
        (u) => `removed:${eventId}:from:${from}:${u}`,
        CALENDAR_PATH,
      );
    },

    async [JOB_KINDS.reminder](job) {
      // A troop's household is reminded of the troop's events and of its council's.
      const troopId = jobTroopId(job);
      const eventId = str(job.payload.eventId);
      const occurrence = str(job.payload.occurrence);
      const target = str(job.payload.target);
      const troop = await deps.troops.byId(troopId);
      if (!troop) return;
      const units = unitsOf(troop);
      const state = await currentOccurrence(store, units, eventId, occurrence);
      if (!state || state.status === 'cancelled') return;
      const startMs = instantOf(troop.timeZone, state.date, state.allDay ? null : state.time);
      const now = clock.now();
      if (startMs <= now) return;
      const adults = await targetAdults(store, troopId, target);
      const settings = await settingsOf(store, adults);
      const wanting = [...settings].filter(([, s]) => s.reminders);
      if (wanting.length === 0) return;
      const hours = Math.max(...wanting.map(([, s]) => s.reminderHours));
      const due = startMs - hours * HOUR_MS;
      if (due > now + EARLY_TOLERANCE_MS) return { postponeUntil: due };
      const answer = await targetAnswer(store, troopId, target, eventId, occurrence);
      if (answer === 'all_not_going') return;
      const row = await findEvent(store, units, eventId);
      if (!row) return;
      // A council's event reaches a person in two of its troops from each troop's households:
      // its key names the person alone, so they are reminded once.
      const council = row.troop_id !== undefined && row.troop_id !== troopId;
      await fanOut(
        new Map(wanting.map(([id]) => [id, troopId])),
        row,
        'reminders',
        (n) => reminderNotice(n(state), answer === 'going'),
        (u) =>
          council
            ? `reminder:${eventId}:${occurrence}:${u}`
            : `reminder:${eventId}:${occurrence}:${target}:${u}`,
        eventPath(eventId, occurrence),
        { eventId, occurrence },
      );
    },

    [JOB_KINDS.mail]: mailJob(deps),
  };
}
