/**
 * Answers to "who is coming?" per event and per occurrence of a series
 * (docs/protocol.md, RSVPs; docs/decisions/051-rsvps.md).
 *
 *   GET /api/calendar/:projectId/events/:id/rsvps?occurrence=      -> summary
 *   PUT /api/calendar/:projectId/events/:id/rsvps {attendee, answer, note?, occurrence?} -> summary
 *   GET /api/calendar/:projectId/events/:id/rsvps.csv?occurrence=  (rsvps.manage) -> text/csv
 *   POST /api/calendar/:projectId/events/:id/rsvps/nudge {occurrence?} (rsvps.manage) -> nudge
 *   GET /api/calendar/:projectId/rsvps/mine?from=&to=             -> the household's answers
 *
 * Answers follow the event: a caller the `calendar_events` read rule (docs/roles.md) keeps from
 * the event gets 404 here too, as from the Data API. Every signed-in member who reads the event
 * reads the counts and names; a member answers for themself and the
 * scouts of their household until the deadline; holders of rsvps.manage change any answer at
 * any time and export the list. Every answer is announced on the `rsvps` channel.
 *
 * Everything is the path's troop's (docs/decisions/065-troops.md): another troop's event is 404
 * here, whatever its id, and its answers, households and nudges are never read or written.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import {
  HOUSEHOLD_ANSWERS_MAX_DAYS,
  RSVP_ANSWERS,
  RSVP_NOTE_MAX_LENGTH,
} from '@scout/protocol/rsvps';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerCan } from '../http/caller.ts';
import { unitsOf } from '../calendar/calendar-units.ts';
import { sendCsvDownload } from '../http/csv-download.ts';
import { callerOf, routeGuards, troopOf, type SignedInCaller } from '../http/route-guards.ts';
import { answerableAttendees } from '../households/answerable.ts';
import { announceAnswer } from './announce.ts';
import { answersCsv, csvFileName } from './csv.ts';
import { householdAnswers } from './household-answers.ts';
import { householdPeople } from './non-responders.ts';
import type { EventOccurrence } from './event-occurrence.ts';
import { sendNudge } from './nudge.ts';
import { saveAnswer, settleWaitlist } from './save-answer.ts';
import { mustReadEvent, readableOccurrence } from './readable-event.ts';
import { readAnswers, summaryFor } from './summary.ts';
import { wireHouseholdAnswers, wireNudge, wireRsvpSummary } from './wire-schemas.ts';

const eventParams = z.object({ projectId: z.string().max(200), id: z.string().min(1).max(200) });
const occurrenceQuery = z.object({ occurrence: z.string().max(10).optional() });
const answerBody = z
  .object({
    attendee: z
      .string()
      .max(210)
      .regex(/^(user|scout):./, 'attendee must be user:<id> or scout:<id>'),
    answer: z.enum(RSVP_ANSWERS),
    note: z.string().max(2000).nullish(),
    occurrence: z.string().max(10).optional(),
  })
  .strict();

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');
const windowQuery = z
  .object({ from: day, to: day })
  .strict()
  .refine((w) => w.from <= w.to, { message: 'to must not be before from', path: ['to'] })
  .refine((w) => Date.parse(w.to) - Date.parse(w.from) <= HOUSEHOLD_ANSWERS_MAX_DAYS * 86_400_000, {
    message: `The window is at most ${HOUSEHOLD_ANSWERS_MAX_DAYS} days`,
    path: ['to'],
  });

/** Trimmed, one line, '' as null; longer than the limit is a 400. */
function readNote(note: string | null | undefined): string | null {
  const text = (note ?? '').replace(/\s+/g, ' ').trim();
  if (text.length > RSVP_NOTE_MAX_LENGTH)
    throw new ApiError(
      'VALIDATION_ERROR',
      `A note must be at most ${RSVP_NOTE_MAX_LENGTH} characters`,
    );
  return text === '' ? null : text;
}

export const rsvpRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const signedIn = [guards.project, guards.signedIn];
    const manager = (caller: SignedInCaller) => callerCan(deps, caller, PERMISSIONS.rsvpsManage);

    const summary = async (caller: SignedInCaller, event: EventOccurrence) =>
      summaryFor(deps.store, event, {
        mine:
          caller.kind === 'user'
            ? await answerableAttendees(deps.store, event.troopId, caller.userId)
            : [],
        manager: manager(caller),
        nowMs: deps.clock.now(),
      });

    const announce = (caller: SignedInCaller, event: EventOccurrence) =>
      announceAnswer(
        deps,
        caller.kind === 'user' ? caller.userId : `service_${caller.keyId}`,
        event,
      );

    /**
     * The event with its line moved up first when places came free outside an answer (a scout
     * or an account removed, a capacity raised): what is read and exported is never stale.
     */
    const settledEvent = async (req: FastifyRequest, id: string, occurrence?: string) => {
      const caller = callerOf(req);
      // The troop's events and its council's: each troop keeps its own answers to the latter.
      const units = unitsOf(troopOf(req));
      const event = await readableOccurrence(deps, units, caller, id, occurrence);
      const answers = await readAnswers(deps.store, event);
      const going = answers.filter((a) => a.answer === 'going' && !a.waitlisted).length;
      const free = event.capacity === null || going < event.capacity;
      if (!free || !answers.some((a) => a.waitlisted)) return event;
      const settled = await deps.store.transaction((tx) =>
        settleWaitlist(tx, units, id, occurrence),
      );
      announce(caller, settled);
      return settled;
    };

    app.get(
      '/:projectId/events/:id/rsvps',
      {
        preValidation: signedIn,
        schema: {
          params: eventParams,
          querystring: occurrenceQuery,
          response: { 200: wireRsvpSummary },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        return summary(caller, await settledEvent(req, req.params.id, req.query.occurrence));
      },
    );

    app.put(
      '/:projectId/events/:id/rsvps',
      {
        preValidation: signedIn,
        schema: { params: eventParams, body: answerBody, response: { 200: wireRsvpSummary } },
      },
      async (req) => {
        const caller = callerOf(req);
        const { attendee, answer, note, occurrence } = req.body;
        const units = unitsOf(troopOf(req));
        await mustReadEvent(deps, units, caller, req.params.id);
        const event = await deps.store.transaction((tx) =>
          saveAnswer(
            tx,
            units,
            { eventId: req.params.id, occurrence, attendee, answer, note: readNote(note) },
            { caller, manager: manager(caller), nowMs: deps.clock.now() },
          ),
        );
        announce(caller, event);
        return summary(caller, event);
      },
    );

    app.get(
      '/:projectId/rsvps/mine',
      {
        preValidation: signedIn,
        schema: {
          params: eventParams.pick({ projectId: true }),
          querystring: windowQuery,
          response: { 200: wireHouseholdAnswers },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const troop = troopOf(req);
        const troopId = troop.id;
        const people =
          caller.kind === 'user'
            ? await answerableAttendees(deps.store, troopId, caller.userId)
            : [];
        return householdAnswers(
          deps.store,
          unitsOf(troop),
          deps.config.roles,
          caller,
          people,
          req.query,
        );
      },
    );

    app.get(
      '/:projectId/events/:id/rsvps.csv',
      {
        preValidation: [guards.project, guards.permission(PERMISSIONS.rsvpsManage)],
        schema: { params: eventParams, querystring: occurrenceQuery },
      },
      async (req, reply) => {
        const troop = troopOf(req);
        const event = await settledEvent(req, req.params.id, req.query.occurrence);
        const body = answersCsv(
          await readAnswers(deps.store, event),
          await householdPeople(deps.store, troop.id),
          troop.timeZone,
        );
        return sendCsvDownload(reply, csvFileName(event.name, event.occurrence), body);
      },
    );

    app.post(
      '/:projectId/events/:id/rsvps/nudge',
      {
        preValidation: [guards.project, guards.permission(PERMISSIONS.rsvpsManage)],
        schema: {
          params: eventParams,
          body: z.object({ occurrence: z.string().max(10).optional() }).strict(),
          response: { 200: wireNudge },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const event = await settledEvent(req, req.params.id, req.body.occurrence);
        return sendNudge(deps, troopOf(req), event, caller.kind === 'user' ? caller.userId : null);
      },
    );
  };
