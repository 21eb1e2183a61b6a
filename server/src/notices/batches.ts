/**
 * New-event notices go out in batches (docs/decisions/064-notice-batches.md). A new event joins
 * the batch of the window it was announced in: windows of NOTICE_BATCH_MS laid end to end from
 * the epoch, so every process computes the same batch for the same moment without asking the
 * others. The batch is one job keyed by its window, due when the window closes; an event joins
 * one batch only (`notice_batch_events` is keyed by the event). When the batch runs, each member
 * gets one mail for all its events, keyed by the batch and the member: once per member per
 * batch, whichever process runs it and however often.
 */
import type { Queryable } from '../store/store.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { isoInstant } from '../store/sql-values.ts';
import { JOB_KINDS } from './job-kinds.ts';

export interface BatchPayload extends Record<string, unknown> {
  batchKey: string;
  /** When the window closed (epoch ms): the digests it goes in follow from it. */
  closesAt: number;
}

/** The batch a new event announced at `now` joins: its key and when it closes. */
export function batchOf(now: number, windowMs: number, eventId: string) {
  if (windowMs <= 0) return { key: `new-events:${eventId}`, closesAt: now };
  const start = Math.floor(now / windowMs) * windowMs;
  return { key: `new-events:${start}`, closesAt: start + windowMs };
}

/** Puts a new event in its batch and makes sure the batch's job exists. */
export async function joinBatch(
  db: Queryable,
  now: number,
  windowMs: number,
  eventId: string,
): Promise<void> {
  const batch = batchOf(now, windowMs, eventId);
  await db.query(
    `INSERT INTO notice_batch_events (event_id, batch_key, closes_at) VALUES (?, ?, ?)
     ON CONFLICT (event_id) DO NOTHING`,
    [eventId, batch.key, isoInstant(batch.closesAt)],
  );
  // A job run again after its process died finds the batch its event joined the first time.
  const { rows } = await db.query<{ batch_key: string; closes_at: string }>(
    'SELECT batch_key, closes_at FROM notice_batch_events WHERE event_id = ?',
    [eventId],
  );
  const joined = rows[0];
  if (!joined) return;
  const closesAt = Date.parse(joined.closes_at);
  const payload: BatchPayload = { batchKey: joined.batch_key, closesAt };
  await enqueueJob(db, now, {
    kind: JOB_KINDS.newEventsBatch,
    payload,
    dedupeKey: joined.batch_key,
    runAt: closesAt,
  });
}

/** The events of a batch, as their ids. */
export async function batchEventIds(db: Queryable, batchKey: string): Promise<string[]> {
  const { rows } = await db.query<{ event_id: string }>(
    'SELECT event_id FROM notice_batch_events WHERE batch_key = ? ORDER BY event_id',
    [batchKey],
  );
  return rows.map((r) => r.event_id);
}

/** The events of the batches that closed after `since` and at or before `until`, as their ids. */
export async function closedBetween(
  db: Queryable,
  since: number,
  until: number,
): Promise<string[]> {
  const { rows } = await db.query<{ event_id: string }>(
    'SELECT event_id FROM notice_batch_events WHERE closes_at > ? AND closes_at <= ? ORDER BY event_id',
    [isoInstant(since), isoInstant(until)],
  );
  return rows.map((r) => r.event_id);
}
