/**
 * New-event notices go out in batches (docs/decisions/064-notice-batches.md). A new event joins
 * the batch of the window it was announced in: windows of NOTICE_BATCH_MS laid end to end from
 * the epoch, so every process computes the same batch for the same moment without asking the
 * others. The batch is one job keyed by its window, due when the window closes; an event joins
 * one batch only (`notice_batch_events` is keyed by the event). When the batch runs, each member
 * gets one mail for all its events, keyed by the batch and the member: once per member per
 * batch, whichever process runs it and however often.
 *
 * A batch is one troop's (docs/decisions/065-troops.md): its key names the troop (the first
 * troop's keys are as they always were, store/tenancy.ts `troopKey`), its job runs for the troop,
 * and its events are the troop's.
 */
import type { Queryable } from '../store/store.ts';
import { enqueueJob, NEW_JOB_COLUMNS, newJobValues, type NewJob } from '../jobs/queue.ts';
import { isoInstant } from '../store/sql-values.ts';
import { troopKey } from '../store/tenancy.ts';
import { JOB_KINDS } from './job-kinds.ts';

export interface BatchPayload extends Record<string, unknown> {
  batchKey: string;
  /** When the window closed (epoch ms): the digests it goes in follow from it. */
  closesAt: number;
}

/** The batch a troop's new event announced at `now` joins: its key and when it closes. */
export function batchOf(now: number, windowMs: number, troopId: string, eventId: string) {
  if (windowMs <= 0) return { key: troopKey(troopId, `new-events:${eventId}`), closesAt: now };
  const start = Math.floor(now / windowMs) * windowMs;
  return { key: troopKey(troopId, `new-events:${start}`), closesAt: start + windowMs };
}

/**
 * Puts a new event in its batch and makes sure the batch's job exists. An event joining for the
 * first time, as nearly all do, costs one statement on PostgreSQL (one round trip: the row and
 * the job in one) and two on SQLite (which has no writing CTEs); the statements reading what the
 * event joined before run only for a job run again.
 */
export async function joinBatch(
  db: Queryable,
  now: number,
  windowMs: number,
  troopId: string,
  eventId: string,
): Promise<void> {
  const batch = batchOf(now, windowMs, troopId, eventId);
  const joins = `INSERT INTO notice_batch_events (troop_id, event_id, batch_key, closes_at)
     VALUES (?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`;
  const joinValues = [troopId, eventId, batch.key, isoInstant(batch.closesAt)];
  const job = batchJob(troopId, batch.key, batch.closesAt);
  if (db.dialect === 'postgres') {
    // Both writes are done whether or not the outer SELECT reads them; the job only if the event
    // joined now (the same key and due time as enqueueJob would give it).
    const { rows } = await db.query<{ joined: number | string }>(
      `WITH joined AS (${joins} RETURNING batch_key),
       job AS (INSERT INTO jobs (${NEW_JOB_COLUMNS})
         SELECT ?, ?, ?, ?, ?, ?, ? FROM joined ON CONFLICT (dedupe_key) DO NOTHING)
       SELECT count(*) AS joined FROM joined`,
      [...joinValues, ...newJobValues(now, job)],
    );
    if (Number(rows[0]?.joined) > 0) return;
  } else {
    const { rowCount } = await db.query(joins, joinValues);
    if (rowCount > 0) {
      await enqueueJob(db, now, job);
      return;
    }
  }
  // A job run again after its process died finds the batch its event joined the first time,
  // and makes sure of that batch's job (the first run may have died before writing it).
  const { rows } = await db.query<{ batch_key: string; closes_at: string }>(
    'SELECT batch_key, closes_at FROM notice_batch_events WHERE troop_id = ? AND event_id = ?',
    [troopId, eventId],
  );
  const joined = rows[0];
  if (!joined) return;
  await enqueueJob(db, now, batchJob(troopId, joined.batch_key, Date.parse(joined.closes_at)));
}

/** The job of a troop's batch: keyed by the batch, due when its window closes. */
function batchJob(troopId: string, batchKey: string, closesAt: number): NewJob {
  const payload: BatchPayload = { batchKey, closesAt };
  return { kind: JOB_KINDS.newEventsBatch, payload, dedupeKey: batchKey, runAt: closesAt, troopId };
}

/** The events of a troop's batch, as their ids. */
export async function batchEventIds(
  db: Queryable,
  troopId: string,
  batchKey: string,
): Promise<string[]> {
  const { rows } = await db.query<{ event_id: string }>(
    'SELECT event_id FROM notice_batch_events WHERE troop_id = ? AND batch_key = ? ORDER BY event_id',
    [troopId, batchKey],
  );
  return rows.map((r) => r.event_id);
}

/**
 * The events of the batches that closed after `since` and at or before `until`, in the troops
 * given (a member's digest reads the troops they are an active member of), with their troop.
 */
export async function closedBetween(
  db: Queryable,
  troopIds: readonly string[],
  since: number,
  until: number,
): Promise<Array<{ troopId: string; eventId: string }>> {
  if (troopIds.length === 0) return [];
  const { rows } = await db.query<{ troop_id: string; event_id: string }>(
    `SELECT troop_id, event_id FROM notice_batch_events
     WHERE troop_id IN (${troopIds.map(() => '?').join(', ')}) AND closes_at > ? AND closes_at <= ?
     ORDER BY troop_id, event_id`,
    [...troopIds, isoInstant(since), isoInstant(until)],
  );
  return rows.map((r) => ({ troopId: r.troop_id, eventId: r.event_id }));
}
