/**
 * What the volunteer routes take (routes.ts): params, bodies and queries as zod schemas, checked
 * before a handler runs, and the window the lists read.
 */
import { addDays, todayIn } from '@scout/protocol/wall-clock';
import { VOLUNTEER_KINDS, VOLUNTEER_LIMITS } from '@scout/protocol/volunteer';
import { z } from 'zod';
import { ApiError } from '../errors.ts';

export const projectOnly = z.object({ projectId: z.string().max(200) });
export const eventParams = projectOnly.extend({ id: z.string().min(1).max(200) });
export const slotParams = projectOnly.extend({ slotId: z.string().min(1).max(200) });
export const offerParams = projectOnly.extend({ offerId: z.string().min(1).max(200) });
const occurrence = z.string().max(10);
export const occurrenceQuery = z.object({ occurrence: occurrence.optional() }).strict();
const clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time, HH:mm')
  .nullish();
const L = VOLUNTEER_LIMITS;
const slotFields = {
  title: z.string().max(L.titleMax),
  kind: z.enum(VOLUNTEER_KINDS),
  people: z.number().int().min(1).max(L.peopleMax),
  seats: z.number().int().min(0).max(L.seatsMax).nullish(),
  timeFrom: clock,
  timeTo: clock,
  note: z.string().max(L.noteMax).nullish(),
  openToScouts: z.boolean().optional(),
  cutoffHours: z.number().int().min(0).max(L.cutoffHoursMax).nullish(),
};
export const slotBody = z.object({ ...slotFields, occurrence: occurrence.optional() }).strict();
export const slotPatch = z
  .object({
    title: slotFields.title.optional(),
    kind: slotFields.kind.optional(),
    people: slotFields.people.optional(),
    seats: slotFields.seats,
    timeFrom: slotFields.timeFrom,
    timeTo: slotFields.timeTo,
    note: slotFields.note,
    openToScouts: slotFields.openToScouts,
    cutoffHours: slotFields.cutoffHours,
  })
  .strict();
const volunteerKey = z
  .string()
  .max(210)
  .regex(/^(user|scout):./, 'volunteer must be user:<id> or scout:<id>');
export const placeBody = z
  .object({ occurrence: occurrence.optional(), volunteer: volunteerKey.optional() })
  .strict();
/** Accepting or declining an offer: the path says it all (an empty object, or nothing). */
export const noBody = z.object({}).strict().nullish();
export const offerBody = placeBody.extend({ to: z.string().min(1).max(200) }).strict();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');
export const windowQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .strict()
  .refine((w) => !w.from || !w.to || w.from <= w.to, {
    message: 'to must not be before from',
    path: ['to'],
  })
  .refine(
    (w) =>
      !w.from || !w.to || Date.parse(w.to) - Date.parse(w.from) <= L.windowMaxDays * 86_400_000,
    { message: `The window is at most ${L.windowMaxDays} days`, path: ['to'] },
  );
export const openQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();

/** `from` and `to` given, or today in the troop and the days the lists look ahead. */
export function windowOf(q: { from?: string; to?: string }, timeZone: string, nowMs: number) {
  const from = q.from ?? todayIn(timeZone, nowMs);
  const to = q.to ?? addDays(from, L.upcomingDays);
  if (to < from) throw new ApiError('VALIDATION_ERROR', 'to must not be before from');
  if (Date.parse(to) - Date.parse(from) > L.windowMaxDays * 86_400_000)
    throw new ApiError('VALIDATION_ERROR', `The window is at most ${L.windowMaxDays} days`);
  return { from, to };
}
