/**
 * What the council's routes (council-routes.ts) take and answer, as zod schemas
 * (http/api-docs.ts publishes them); the wire types are protocol/src/troops.ts's.
 */
import { isoDay } from '@scout/protocol/wall-clock';
import { COUNCIL_EVENTS_WINDOW_MAX_DAYS } from '@scout/protocol/troops';
import { z } from 'zod';
import { projectParams } from '../http/route-guards.ts';
import { wireTroop } from './troop-schemas.ts';

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const WINDOW_DATES = 'from and to must be dates written YYYY-MM-DD';

/** `YYYY-MM-DD` of a real day -> ms at its midnight UTC, or NaN (2026-02-30 is no day). */
export function dayMs(date: string): number {
  if (!DATE.test(date)) return Number.NaN;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && isoDay(ms) === date ? ms : Number.NaN;
}

const windowDate = z
  .string({ error: WINDOW_DATES })
  .refine((d) => !Number.isNaN(dayMs(d)), { error: WINDOW_DATES });

/** `from` and `to`, both days included, at most COUNCIL_EVENTS_WINDOW_MAX_DAYS days. */
export const councilWindowQuery = z
  .object({ from: windowDate, to: windowDate })
  .refine(({ from, to }) => dayMs(to) >= dayMs(from), { error: 'to must not be before from' })
  .refine(({ from, to }) => (dayMs(to) - dayMs(from)) / DAY_MS < COUNCIL_EVENTS_WINDOW_MAX_DAYS, {
    error: `A window is at most ${COUNCIL_EVENTS_WINDOW_MAX_DAYS} days`,
  });

export const councilTroopParams = projectParams.extend({ troopProjectId: z.string().max(200) });

export const councilTroopSummary = z.object({
  projectId: z.string(),
  number: z.string().nullable(),
  name: z.string().nullable(),
  timeZone: z.string(),
  members: z.number().int(),
  upcomingEvents: z.number().int(),
  answerRate: z.number().min(0).max(1).nullable(),
});

export const councilOverview = z.object({
  council: wireTroop,
  troops: z.array(councilTroopSummary),
});

export const councilTroopEvent = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  location: z.string().nullable(),
  cancelled: z.boolean(),
});

export const councilTroopEvents = z.object({ events: z.array(councilTroopEvent) });
