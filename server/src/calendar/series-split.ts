/**
 * "This and following" (docs/decisions/041-repeat-rules-and-occurrence-routes.md): the series
 * ends the day before the date, and a new series starts on it with the change applied, its
 * repeat rule included. A COUNT keeps counting the whole series as the member set it up, so
 * "10 times" stays ten meetings in all; exceptions from the date on move to the new series
 * where it still gives their date and are dropped otherwise. When every occurrence before the
 * date was removed, nothing of the old series is left to keep: it is deleted.
 */
import { ApiError } from '../errors.ts';
import type { TableChange } from '../rest/write-common.ts';
import type { Queryable } from '../store/store.ts';
import { checkEventShape } from './event-shape.ts';
import {
  applyAction,
  deleteRows,
  nextSequence,
  insertNewRow,
  occurrenceRow,
  updateRow,
  stamped,
  type ChangeContext,
  type OccurrenceRequest,
} from './event-writes.ts';
import { dateMs, exdateList, isoDate, type EventRecord } from './occurrences.ts';
import { readRepeatRule, withEnd } from './repeat-rule.ts';
import { datesBefore, exceptionsKept, startOnRule } from './series-rule.ts';
import { overridesOf } from './stored-events.ts';

const DAY_MS = 86_400_000;

/** The new series' rule: the one asked for, or the old one; a COUNT less the occurrences before. */
function ruleFrom(series: EventRecord, req: OccurrenceRequest): string | null {
  const asked = req.action.kind === 'edit' ? req.action.changes.rrule : undefined;
  const text = asked === undefined ? (series.rrule ?? '') : asked;
  if (text === null || text === '') return null;
  const rule = readRepeatRule(text);
  if (rule.count === null) return rule.text;
  const left = rule.count - datesBefore(series, req.date).length;
  if (left < 1)
    throw new ApiError(
      'VALIDATION_ERROR',
      `The series has ${rule.count - left} occurrences before ${req.date}: a count of ${rule.count} leaves none from that date on`,
    );
  return withEnd(rule.text, { count: left });
}

export async function changeFollowing(
  db: Queryable,
  series: EventRecord,
  req: OccurrenceRequest,
  ctx: ChangeContext,
): Promise<TableChange[]> {
  const rule = readRepeatRule(series.rrule ?? '');
  const overrides = await overridesOf(db, ctx.troopId, [series.id]);
  const later = overrides.filter((o) => (o.recurrence_date ?? '') >= req.date);
  const removed = new Set(exdateList(series.exdates));
  const nothingBefore =
    later.length === overrides.length && datesBefore(series, req.date).every((d) => removed.has(d));
  const old = stamped(
    {
      ...series,
      rrule: withEnd(rule.text, { until: isoDate(dateMs(req.date) - DAY_MS) }),
      exdates:
        exdateList(series.exdates)
          .filter((d) => d < req.date)
          .join(',') || null,
    },
    ctx,
    nextSequence(series),
  );
  const changes: TableChange[] = [];
  if (nothingBefore) {
    // Deleted last, once its later changed occurrences have moved to the new series.
    changes.push({ table: 'calendar_events', kind: 'deleted', ids: [series.id] });
  } else {
    checkEventShape(old);
    await updateRow(db, ctx.troopId, old);
    changes.push({ table: 'calendar_events', kind: 'updated', ids: [series.id] });
  }
  if (req.action.kind === 'delete') {
    if (nothingBefore) await deleteRows(db, ctx.troopId, [series.id]);
    await deleteRows(
      db,
      ctx.troopId,
      later.map((o) => o.id),
    );
    if (later.length > 0)
      changes.push({ table: 'calendar_events', kind: 'deleted', ids: later.map((o) => o.id) });
    return changes;
  }
  const { rrule: asked, ...rest } = req.action.kind === 'edit' ? req.action.changes : {};
  const action = req.action.kind === 'edit' ? { kind: 'edit' as const, changes: rest } : req.action;
  let fresh = stamped(
    applyAction(
      {
        ...occurrenceRow(series, req.date, ctx),
        id: `${series.id}_from_${req.date.replaceAll('-', '')}`,
        rrule: ruleFrom(series, req),
        series_id: null,
        recurrence_date: null,
      },
      action,
    ),
    ctx,
    0,
  );
  // A new rule without a new date starts on its own first date from the date on.
  if (asked !== undefined && rest.event_date === undefined) fresh = startOnRule(fresh, req.date);
  const sorted = exceptionsKept(
    fresh,
    exdateList(series.exdates).filter((d) => d >= req.date),
    later,
  );
  fresh.exdates = sorted.exdates;
  checkEventShape(fresh);
  fresh = await insertNewRow(db, ctx.troopId, fresh);
  changes.push({ table: 'calendar_events', kind: 'created', ids: [fresh.id] });
  for (const o of sorted.kept)
    await db.query(
      'UPDATE calendar_events SET series_id = ?, updated_at = ?, sequence = sequence + 1 WHERE troop_id = ? AND id = ?',
      [fresh.id, ctx.nowIso, ctx.troopId, o.id],
    );
  await deleteRows(
    db,
    ctx.troopId,
    sorted.dropped.map((o) => o.id),
  );
  if (sorted.kept.length > 0)
    changes.push({ table: 'calendar_events', kind: 'updated', ids: sorted.kept.map((o) => o.id) });
  if (sorted.dropped.length > 0)
    changes.push({
      table: 'calendar_events',
      kind: 'deleted',
      ids: sorted.dropped.map((o) => o.id),
    });
  if (nothingBefore) await deleteRows(db, ctx.troopId, [series.id]);
  return changes;
}
