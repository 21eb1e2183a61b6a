/**
 * Changing, cancelling and removing one occurrence of a series, "this and following"
 * (series-split.ts), or the whole series, as calendar apps ask
 * (docs/decisions/041-repeat-rules-and-occurrence-routes.md). A single event takes the same
 * calls and is changed whole. Runs in one transaction; every row written is checked whole
 * (event-shape.ts), so a refused change leaves nothing behind.
 */
import { ApiError } from '../errors.ts';
import { toApiError } from '../rest/db-errors.ts';
import type { TableChange } from '../rest/write-common.ts';
import { accessFor, rowInScope } from '../rest/rules.ts';
import type { Queryable } from '../store/store.ts';
import { checkEventShape, checkExceptionCount } from './event-shape.ts';
import {
  applyAction,
  deleteRows,
  insertNewRow,
  nextSequence,
  occurrenceRow,
  updateRow,
  stamped,
  type ChangeContext,
  type EventChanges,
  type OccurrenceAction,
  type OccurrenceRequest,
} from './event-writes.ts';
import { exdateList, type EventRecord } from './occurrences.ts';
import { exceptionsKept, givesDate, startOnRule } from './series-rule.ts';
import { changeFollowing } from './series-split.ts';
import { calendarEventsTable } from './tables.ts';
import { findEvent, overridesOf } from './stored-events.ts';

export type { ChangeContext, EventChanges, OccurrenceAction, OccurrenceRequest };

/** Fields that place an occurrence in time: an edit of the whole series leaves its moved occurrences where they are. */
const TIMING = ['event_date', 'event_time', 'end_date', 'end_time', 'all_day', 'rrule'] as const;

function allowedTo(ctx: ChangeContext, row: EventRecord): void {
  const scope = accessFor(calendarEventsTable, ctx.caller, ctx.roles).update;
  if (!scope || !rowInScope(scope, row as unknown as Record<string, unknown>))
    throw new ApiError(
      'FORBIDDEN',
      'Only the event’s creator and those who manage events can change it',
    );
}

/** An edit that changes the rule but names no start: the rule starts on its first date from `from`. */
function withRuleStart(row: EventRecord, action: OccurrenceAction, from: string): EventRecord {
  if (action.kind !== 'edit' || action.changes.rrule === undefined) return row;
  if (action.changes.event_date !== undefined) return row;
  return startOnRule(row, from);
}

/** Changes one occurrence; returns the rows written, for the change feed. */
async function changeThis(
  db: Queryable,
  series: EventRecord,
  req: OccurrenceRequest,
  ctx: ChangeContext,
): Promise<TableChange[]> {
  const overrides = await overridesOf(db, ctx.troopId, [series.id]);
  const existing = overrides.find((o) => o.recurrence_date === req.date);
  const sequence = nextSequence(series);
  const seriesNow = stamped(series, ctx, sequence);
  if (req.action.kind === 'delete') {
    seriesNow.exdates = [...new Set([...exdateList(series.exdates), req.date])].sort().join(',');
    checkEventShape(seriesNow);
    // A changed occurrence removed becomes a removed one: the count of exceptions stays.
    if (!existing) checkExceptionCount(seriesNow, overrides.length);
    if (existing) await deleteRows(db, ctx.troopId, [existing.id]);
    await updateRow(db, ctx.troopId, seriesNow);
    return [
      { table: 'calendar_events', kind: 'updated', ids: [series.id] },
      ...(existing
        ? [{ table: 'calendar_events', kind: 'deleted' as const, ids: [existing.id] }]
        : []),
    ];
  }
  if (req.action.kind === 'edit' && req.action.changes.rrule !== undefined)
    throw new ApiError('VALIDATION_ERROR', 'One occurrence cannot get a repeat rule of its own');
  const base = existing ?? occurrenceRow(series, req.date, ctx);
  let row = stamped(applyAction(base, req.action), ctx, sequence);
  checkEventShape(row);
  if (!existing) checkExceptionCount(series, overrides.length + 1);
  await updateRow(db, ctx.troopId, seriesNow);
  if (existing) await updateRow(db, ctx.troopId, row);
  else row = await insertNewRow(db, ctx.troopId, row);
  return [
    { table: 'calendar_events', kind: 'updated', ids: [series.id] },
    { table: 'calendar_events', kind: existing ? 'updated' : 'created', ids: [row.id] },
  ];
}

async function changeAll(
  db: Queryable,
  series: EventRecord,
  action: OccurrenceAction,
  ctx: ChangeContext,
): Promise<TableChange[]> {
  const overrides = await overridesOf(db, ctx.troopId, [series.id]);
  if (action.kind === 'delete') {
    await deleteRows(db, ctx.troopId, [series.id]);
    return [
      {
        table: 'calendar_events',
        kind: 'deleted',
        ids: [series.id, ...overrides.map((o) => o.id)],
      },
    ];
  }
  const sequence = nextSequence(series);
  const row = withRuleStart(
    stamped(applyAction(series, action), ctx, sequence),
    action,
    series.event_date ?? '',
  );
  // A new rule or start gives other dates: exceptions stay only where it still gives theirs.
  const moved = row.rrule !== series.rrule || row.event_date !== series.event_date;
  const sorted = moved
    ? exceptionsKept(row, exdateList(series.exdates), overrides)
    : { exdates: row.exdates ?? null, kept: overrides, dropped: [] };
  row.exdates = sorted.exdates;
  checkEventShape(row);
  await updateRow(db, ctx.troopId, row);
  await deleteRows(
    db,
    ctx.troopId,
    sorted.dropped.map((o) => o.id),
  );
  // What is not about time reaches the changed occurrences too: a new place, a cancellation.
  const shared: EventChanges =
    action.kind === 'cancel'
      ? { status: 'cancelled', cancel_reason: action.reason }
      : Object.fromEntries(
          Object.entries(action.changes).filter(
            ([k]) => !(TIMING as readonly string[]).includes(k),
          ),
        );
  for (const o of sorted.kept)
    await updateRow(db, ctx.troopId, stamped({ ...o, ...shared }, ctx, sequence));
  const changes: TableChange[] = [
    {
      table: 'calendar_events',
      kind: 'updated',
      ids: [series.id, ...sorted.kept.map((o) => o.id)],
    },
  ];
  if (sorted.dropped.length > 0)
    changes.push({
      table: 'calendar_events',
      kind: 'deleted',
      ids: sorted.dropped.map((o) => o.id),
    });
  return changes;
}

async function changeSingle(
  db: Queryable,
  row: EventRecord,
  action: OccurrenceAction,
  ctx: ChangeContext,
): Promise<TableChange[]> {
  if (action.kind === 'delete') {
    await deleteRows(db, ctx.troopId, [row.id]);
    return [{ table: 'calendar_events', kind: 'deleted', ids: [row.id] }];
  }
  const next = withRuleStart(
    stamped(applyAction(row, action), ctx, nextSequence(row)),
    action,
    row.event_date ?? '',
  );
  checkEventShape(next);
  await updateRow(db, ctx.troopId, next);
  return [{ table: 'calendar_events', kind: 'updated', ids: [row.id] }];
}

/** Runs one change inside `db` (a transaction); throws 4xx with nothing written on refusal. */
export async function changeOccurrence(
  db: Queryable,
  req: OccurrenceRequest,
  ctx: ChangeContext,
): Promise<TableChange[]> {
  try {
    return await changeIn(db, req, ctx);
  } catch (err) {
    // An id taken by a write running beside this one is a 409, as on the Data API.
    throw toApiError(err);
  }
}

async function changeIn(
  db: Queryable,
  req: OccurrenceRequest,
  ctx: ChangeContext,
): Promise<TableChange[]> {
  const found = await findEvent(db, ctx.troopId, req.id);
  if (!found) throw new ApiError('NOT_FOUND', 'Event not found');
  // A changed occurrence stands for its series when the scope reaches beyond it.
  const series =
    found.series_id && req.scope !== 'this'
      ? await findEvent(db, ctx.troopId, found.series_id)
      : found;
  if (!series) throw new ApiError('NOT_FOUND', 'Event not found');
  allowedTo(ctx, series);
  if (!series.rrule) {
    if (found.series_id && req.scope === 'this') {
      const parent = await findEvent(db, ctx.troopId, found.series_id);
      if (!parent) throw new ApiError('NOT_FOUND', 'Event not found');
      return changeThis(db, parent, { ...req, date: found.recurrence_date ?? req.date }, ctx);
    }
    return changeSingle(db, series, req.action, ctx);
  }
  const date = found.series_id ? (found.recurrence_date ?? req.date) : req.date;
  const hasOverride = (await overridesOf(db, ctx.troopId, [series.id])).some(
    (o) => o.recurrence_date === date,
  );
  if (!hasOverride && (!givesDate(series, date) || exdateList(series.exdates).includes(date)))
    throw new ApiError('NOT_FOUND', 'This series has no occurrence on that date');
  const at = { ...req, date };
  if (req.scope === 'this') return changeThis(db, series, at, ctx);
  if (req.scope === 'following' && date !== series.event_date)
    return changeFollowing(db, series, at, ctx);
  return changeAll(db, series, req.action, ctx);
}
