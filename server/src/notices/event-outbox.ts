/**
 * Where event notices start (docs/decisions/052-durable-jobs.md). Every row written to
 * calendar_events schedules its notice job in the same statement, by trigger (migration 032):
 * the event and the job commit together or not at all, whoever writes the row.
 *
 * - A new row: an `event-created` job carrying the row as created, which stays what families
 *   know of the event until its first change notice (the job row is kept). Its handler
 *   (handlers.ts) puts it in the batch of new events that goes out when its window closes
 *   (batches.ts), told as it then stands; a changed occurrence's row instead tells those who
 *   answered what changed. A row inserted with `notify` false (migration 038) carries
 *   `announce: false` and joins no batch: a leader importing a term families already know of
 *   tells nobody.
 * - A changed row: an `event-changed` job. Its handler compares the event as it stands with
 *   what families were last told and sends one notice naming old and new, however many writes
 *   came between.
 *
 * What the trigger cannot know is which new rows belong to an edit of an occurrence (a changed
 * occurrence, the new half of a split series): the occurrence routes call `markEditRows` in
 * their transaction, so families hear of the change, not of a new event.
 */
import type { OccurrenceScope } from '@scout/protocol/calendar-events';
import { occurrenceOn, type EventRecord } from '../calendar/occurrences.ts';
import { EVENT_COLUMNS, findEvent } from '../calendar/stored-events.ts';
import type { TableChange } from '../rest/write-common.ts';
import type { Queryable } from '../store/store.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { saveNotified, seriesBaseline, stateOf } from './event-state.ts';
import { createdJobKey, JOB_KINDS } from './job-kinds.ts';
import { isoInstant } from '../store/sql-values.ts';

export const EVENTS_TABLE = 'calendar_events';

/** What the trigger's `event-created` job carries, and what the occurrence routes add to it. */
export interface CreatedJobPayload extends Record<string, unknown> {
  eventId: string;
  /** The row's fields as it was created. */
  created?: Partial<EventRecord>;
  /**
   * False for rows created as part of an edit, and for rows inserted with `notify` false (the
   * trigger of migration 038): no "new event" notice for them. Their later changes are told as
   * any event's are.
   */
  announce?: boolean;
}

/**
 * Inside an occurrence edit's transaction: its new rows are part of the edit. Records what
 * families knew of each (the series on that date for a changed occurrence, the row itself for
 * the new half of a split) and turns its "new event" notice off.
 */
export async function markEditRows(
  tx: Queryable,
  now: number,
  troopId: string,
  changes: readonly TableChange[],
): Promise<void> {
  const edited = changes.some(
    (c) => c.table === EVENTS_TABLE && c.kind === 'updated' && c.ids.length > 0,
  );
  if (!edited) return;
  for (const c of changes) {
    if (c.table !== EVENTS_TABLE || c.kind !== 'created') continue;
    for (const id of c.ids) {
      const row = await findEvent(tx, troopId, id);
      if (!row) continue;
      const known = (await seriesBaseline(tx, troopId, row)) ?? stateOf(row);
      await saveNotified(tx, troopId, id, known, isoInstant(now), true);
      const payload: CreatedJobPayload = { eventId: id, announce: false };
      await tx.query('UPDATE jobs SET payload = ? WHERE dedupe_key = ? AND troop_id = ?', [
        JSON.stringify(payload),
        createdJobKey(id),
        troopId,
      ]);
    }
  }
}

/** What an `occurrence-removed` job carries: the series, the date, and the meeting as it stood. */
export interface OccurrenceRemovedPayload extends Record<string, unknown> {
  eventId: string;
  occurrence: string;
  removed: EventRecord;
}

/** What a `following-removed` job carries: the series as it stood and the first date removed. */
export interface FollowingRemovedPayload extends Record<string, unknown> {
  eventId: string;
  from: string;
  removed: EventRecord;
}

type RemovalJob =
  | { kind: typeof JOB_KINDS.occurrenceRemoved; payload: OccurrenceRemovedPayload }
  | { kind: typeof JOB_KINDS.followingRemoved; payload: FollowingRemovedPayload };

/**
 * One occurrence removed (the answers stay, keyed by the series and the date): the meeting as
 * it stood, moved or not. `found` is the series or a changed occurrence's own row.
 */
async function occurrenceRemoval(
  tx: Queryable,
  troopId: string,
  found: EventRecord,
  date: string,
): Promise<RemovalJob | null> {
  const kind = JOB_KINDS.occurrenceRemoved;
  if (found.series_id && found.recurrence_date)
    return {
      kind,
      payload: { eventId: found.series_id, occurrence: found.recurrence_date, removed: found },
    };
  if (!found.rrule) return null;
  const { rows } = await tx.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE troop_id = ? AND series_id = ? AND recurrence_date = ?`,
    [troopId, found.id, date],
  );
  const removed = rows[0] ?? occurrenceOn(found, date);
  return { kind, payload: { eventId: found.id, occurrence: date, removed } };
}

/**
 * A series' meetings removed from `date` on ("this and following"): the answers stay, keyed by
 * the series and their dates, so the job reads them when it runs.
 */
async function followingRemoval(
  tx: Queryable,
  troopId: string,
  found: EventRecord,
  date: string,
): Promise<RemovalJob | null> {
  const series = found.series_id ? await findEvent(tx, troopId, found.series_id) : found;
  if (!series?.rrule) return null;
  return {
    kind: JOB_KINDS.followingRemoved,
    payload: { eventId: series.id, from: date, removed: series },
  };
}

/**
 * Inside the transaction of an occurrence route's delete: schedules the notice to those who
 * answered what it removes. A whole series' delete, like a single event's, is told by
 * migration 033's trigger; a refused delete rolls the job back with it.
 */
export async function markRemoval(
  tx: Queryable,
  now: number,
  troopId: string,
  req: { id: string; date: string; scope: OccurrenceScope },
): Promise<void> {
  if (req.scope === 'all') return;
  const found = await findEvent(tx, troopId, req.id);
  if (!found) return;
  const job =
    req.scope === 'this'
      ? await occurrenceRemoval(tx, troopId, found, req.date)
      : await followingRemoval(tx, troopId, found, req.date);
  if (!job) return;
  await enqueueJob(tx, now, {
    ...job,
    troopId,
    dedupeKey: `${job.kind}:${job.payload.eventId}:${req.date}:${now}`,
  });
}
