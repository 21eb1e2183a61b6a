/**
 * Where event notices start (docs/decisions/052-durable-jobs.md). Every row written to
 * calendar_events schedules its notice job in the same statement, by trigger (migration 032):
 * the event and the job commit together or not at all, whoever writes the row.
 *
 * - A new row: an `event-created` job carrying the row as created. Its handler (handlers.ts)
 *   records that as what families know and tells the members of the event as it then stands;
 *   a changed occurrence's row instead tells those who answered what changed.
 * - A changed row: an `event-changed` job. Its handler compares the event as it stands with
 *   what families were last told and sends one notice naming old and new, however many writes
 *   came between.
 *
 * What the trigger cannot know is which new rows belong to an edit of an occurrence (a changed
 * occurrence, the new half of a split series): the occurrence routes call `markEditRows` in
 * their transaction, so families hear of the change, not of a new event.
 */
import type { EventRecord } from '../calendar/occurrences.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { TableChange } from '../rest/write-common.ts';
import type { Queryable } from '../store/store.ts';
import { saveNotified, seriesBaseline, stateOf } from './event-state.ts';
import { createdJobKey } from './job-kinds.ts';

export const EVENTS_TABLE = 'calendar_events';

/** What the trigger's `event-created` job carries, and what the occurrence routes add to it. */
export interface CreatedJobPayload extends Record<string, unknown> {
  eventId: string;
  /** The row's fields as it was created. */
  created?: Partial<EventRecord>;
  /** False for rows created as part of an edit: no "new event" notice for them. */
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
  changes: readonly TableChange[],
): Promise<void> {
  const edited = changes.some(
    (c) => c.table === EVENTS_TABLE && c.kind === 'updated' && c.ids.length > 0,
  );
  if (!edited) return;
  for (const c of changes) {
    if (c.table !== EVENTS_TABLE || c.kind !== 'created') continue;
    for (const id of c.ids) {
      const row = await findEvent(tx, id);
      if (!row) continue;
      const known = (await seriesBaseline(tx, row)) ?? stateOf(row);
      await saveNotified(tx, id, known, new Date(now).toISOString(), true);
      const payload: CreatedJobPayload = { eventId: id, announce: false };
      await tx.query('UPDATE jobs SET payload = ? WHERE dedupe_key = ?', [
        JSON.stringify(payload),
        createdJobKey(id),
      ]);
    }
  }
}
