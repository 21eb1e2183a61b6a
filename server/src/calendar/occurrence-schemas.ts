/**
 * What the occurrence routes (occurrence-routes.ts) take and answer. A window is two real dates,
 * in order, at most OCCURRENCE_WINDOW_MAX_DAYS apart; a change names event fields in camelCase,
 * each then checked as a Data API update is (event-row-check.ts).
 */
import { camelToSnake } from '@scout/protocol/case';
import {
  EVENT_CATEGORIES,
  EVENT_STATUSES,
  OCCURRENCE_SCOPES,
  OCCURRENCE_WINDOW_MAX_DAYS,
  type WireOccurrence,
} from '@scout/protocol/calendar-events';
import { z } from 'zod';
import { projectParams } from '../http/route-guards.ts';
import type { Row } from '../rest/table-definition.ts';
import { dateMs } from './occurrences.ts';

const DAY_MS = 86_400_000;
const WINDOW_DATES = 'from and to must be dates written YYYY-MM-DD';

const windowDate = z
  .string({ error: WINDOW_DATES })
  .refine((d) => !Number.isNaN(dateMs(d)), { error: WINDOW_DATES });

/** `from` and `to`, both days included. */
export const windowQuery = z
  .object({ from: windowDate, to: windowDate })
  .refine(({ from, to }) => dateMs(to) >= dateMs(from), { error: 'to must not be before from' })
  .refine(({ from, to }) => (dateMs(to) - dateMs(from)) / DAY_MS < OCCURRENCE_WINDOW_MAX_DAYS, {
    error: `A window is at most ${OCCURRENCE_WINDOW_MAX_DAYS} days`,
  });

export const occurrenceParams = projectParams.extend({
  id: z.string().min(1).max(200),
  date: z.string().max(10),
});

export const scopeQuery = z.object({ scope: z.enum(OCCURRENCE_SCOPES).default('this') });

const text = z.string().max(10_000);

/** The changed fields under their column names, for event-row-check.ts. */
const asColumns = (changes: Record<string, unknown>): Row => {
  const row: Row = {};
  for (const [key, value] of Object.entries(changes))
    if (value !== undefined) row[camelToSnake(key)] = value as Row[string];
  return row;
};

export const changesBody = z.object({
  changes: z
    .object({
      eventName: text,
      eventDate: text,
      eventTime: text,
      endDate: text.nullable(),
      endTime: text.nullable(),
      allDay: z.boolean(),
      location: text.nullable(),
      description: text.nullable(),
      category: z.enum(EVENT_CATEGORIES).nullable(),
      hyperlink: text.nullable(),
      rrule: text.nullable(),
      rsvpDeadline: text.nullable(),
      capacity: z.number().nullable(),
    })
    .partial()
    .strict()
    .refine((changes) => Object.keys(changes).length > 0, { error: 'Nothing to change' })
    .transform(asColumns),
});

/** A cancel may come without a body: no reason given. */
export const cancelBody = z.object({ reason: text.nullable().optional() }).nullish();

/** One occurrence, in the order its fields are written (occurrences.ts). */
const occurrence = z.object({
  eventId: z.string(),
  seriesId: z.string().nullable(),
  occurrenceDate: z.string().nullable(),
  rrule: z.string().nullable(),
  date: z.string(),
  time: z.string().nullable(),
  endDate: z.string(),
  endTime: z.string().nullable(),
  allDay: z.boolean(),
  name: z.string(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  cancelReason: z.string().nullable(),
  hyperlink: z.string().nullable(),
  rsvpDeadline: z.string().nullable(),
  capacity: z.number().nullable(),
  creatorName: z.string().nullable(),
  userId: z.string(),
  council: z.string().optional(),
}) satisfies z.ZodType<WireOccurrence>;

export const windowAnswer = z.object({
  from: z.string(),
  to: z.string(),
  occurrences: z.array(occurrence),
});

/** The rows a change wrote, by table and kind, as the change feed announces them. */
export const changesAnswer = z.object({
  changes: z.array(
    z.object({
      table: z.string(),
      kind: z.enum(['created', 'updated', 'deleted']),
      ids: z.array(z.string()),
      owners: z.record(z.string(), z.string()).optional(),
    }),
  ),
});
