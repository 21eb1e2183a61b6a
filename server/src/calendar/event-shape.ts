/**
 * What a whole calendar event must be once written, beyond each field on its own
 * (event-row-check.ts): an end after the start (protocol/src/event-fields.ts), a repeat rule that
 * yields occurrences and starts on its first one, at most EVENT_MAX_EXCEPTIONS exceptions (removed
 * and changed occurrences together). Checked on every create,
 * and on every update against the row as it will be stored, so nothing half-valid is kept.
 */
import { EVENT_MAX_EXCEPTIONS } from '@scout/protocol/calendar-events';
import { eventEndProblem } from '@scout/protocol/event-fields';
import { ApiError } from '../errors.ts';
import { exdateList, firstStarts, isAllDay, type EventRecord } from './occurrences.ts';
import { readRepeatRule, RepeatRuleError } from './repeat-rule.ts';

function checkEnd(row: EventRecord): void {
  const problem = eventEndProblem({
    date: row.event_date ?? '',
    time: row.event_time,
    allDay: isAllDay(row.all_day),
    endDate: row.end_date ?? null,
    endTime: row.end_time ?? null,
  });
  if (problem) throw new ApiError('VALIDATION_ERROR', problem.message);
}

function checkSeries(row: EventRecord): void {
  const exdates = exdateList(row.exdates);
  if (!row.rrule) {
    if (exdates.length > 0)
      throw new ApiError('VALIDATION_ERROR', 'Removed occurrences need a repeat rule');
    return;
  }
  if (row.series_id)
    throw new ApiError('VALIDATION_ERROR', 'A changed occurrence cannot repeat on its own');
  checkExceptionCount(row, 0);
  let rule;
  try {
    rule = readRepeatRule(row.rrule);
  } catch (err) {
    if (err instanceof RepeatRuleError) throw new ApiError('VALIDATION_ERROR', err.message);
    throw err;
  }
  if (rule.until && rule.until < (row.event_date ?? ''))
    throw new ApiError(
      'VALIDATION_ERROR',
      'The repeat rule ends before the event starts, so it has no occurrence',
    );
  const starts = firstStarts(row, exdates.length + 1);
  if (starts[0] !== row.event_date)
    throw new ApiError(
      'VALIDATION_ERROR',
      'The start date must be the first date the repeat rule gives',
    );
  const removed = new Set(exdates);
  if (starts.every((d) => removed.has(d)))
    throw new ApiError('VALIDATION_ERROR', 'Every occurrence of this series is removed');
}

/**
 * At most EVENT_MAX_EXCEPTIONS exceptions per series: its removed occurrences (`exdates`) and its
 * `changed` occurrences (rows of their own) together, as calendar apps read both as exceptions
 * (docs/decisions/040-recurring-event-storage.md).
 */
export function checkExceptionCount(series: EventRecord, changed: number): void {
  if (exdateList(series.exdates).length + changed > EVENT_MAX_EXCEPTIONS)
    throw new ApiError(
      'VALIDATION_ERROR',
      `A series can have at most ${EVENT_MAX_EXCEPTIONS} removed or changed occurrences; split or end it to add more`,
    );
}

/** Throws a 400 naming the first problem of a row as it will be stored. */
export function checkEventShape(row: EventRecord): void {
  checkEnd(row);
  checkSeries(row);
}
