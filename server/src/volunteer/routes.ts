/**
 * Sign-up sheets on events (docs/protocol.md, Volunteer; docs/decisions/070-volunteer-sheets.md).
 *
 *   GET    /api/volunteer/:projectId/events/:id/slots?occurrence=      -> sheet
 *   POST   /api/volunteer/:projectId/events/:id/slots {slot}     (volunteer.manage) -> {slot}
 *   GET    /api/volunteer/:projectId/events/:id/slots.csv?occurrence= (volunteer.manage) -> text/csv
 *   POST   /api/volunteer/:projectId/events/:id/slots/nudge {occurrence?} (volunteer.manage) -> nudge
 *   PATCH  /api/volunteer/:projectId/slots/:slotId {changes}     (volunteer.manage) -> {slot}
 *   DELETE /api/volunteer/:projectId/slots/:slotId               (volunteer.manage) -> {slotId}
 *   POST   /api/volunteer/:projectId/slots/:slotId/take {occurrence?, volunteer?}      -> sheet
 *   POST   /api/volunteer/:projectId/slots/:slotId/give-back {occurrence?, volunteer?} -> {sheet, late}
 *   POST   /api/volunteer/:projectId/slots/:slotId/offer {occurrence?, volunteer?, to} -> sheet
 *   POST   /api/volunteer/:projectId/offers/:offerId/accept | /decline                 -> sheet
 *   GET    /api/volunteer/:projectId/mine?from=&to=       -> the caller's commitments and offers
 *   GET    /api/volunteer/:projectId/open?from=&to=&limit= -> open slots, soonest first
 *   GET    /api/volunteer/:projectId/unfilled?from=&to=   (volunteer.manage) -> per occurrence
 *
 * Sheets follow their event: a caller the `calendar_events` read rule keeps from the event gets
 * 404 for its sheet and its slots, as from the Data API. Every member who reads the event reads
 * the sheet with the names; a member takes, gives back and offers places for themself and the
 * scouts of their household (a scout only in a slot open to scouts). Every change is announced
 * on the `volunteer` channel. Everything is the path's troop's: another troop's event or slot
 * is 404 here, whatever its id.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import { addDays, todayIn } from '@scout/protocol/wall-clock';
import { VOLUNTEER_KINDS, VOLUNTEER_LIMITS } from '@scout/protocol/volunteer';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unitsOf, type CalendarUnits } from '../calendar/calendar-units.ts';
import { readableEvents } from '../calendar/read-scope.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { answerableAttendees } from '../households/answerable.ts';
import { callerCan } from '../http/caller.ts';
import { callerOf, routeGuards, troopOf, type SignedInCaller } from '../http/route-guards.ts';
import { findEventOccurrence, type EventOccurrence } from '../rsvps/event-occurrence.ts';
import { personOf } from '../rsvps/attendees.ts';
import { myCommitments, openSlots, unfilledSlots, type ListContext } from './across-events.ts';
import { announceSheet } from './announce.ts';
import { sheetCsv, sheetFileName, volunteerContacts } from './csv.ts';
import { queueLateGiveBack } from './late-notice.ts';
import { sendVolunteerNudge } from './nudge.ts';
import { acceptOffer, dropOffer, findOffer, offerPlace } from './offers.ts';
import { cutoffMs, occurrenceTime } from './occurrence-time.ts';
import { giveBackPlace, occurrenceOfSlot, placeConflict, takePlace } from './places.ts';
import { readSheet, wireSlot } from './sheet.ts';
import { addSlot, editSlot, removeSlot } from './slot-edits.ts';
import { findSlot, placesIn, type Slot } from './stored-slots.ts';
import { volunteerFor } from './volunteers.ts';
import {
  wireGiveBack,
  wireMine,
  wireNudge,
  wireOpen,
  wireSheet,
  wireSlot as wireSlotSchema,
  wireUnfilled,
} from './wire-schemas.ts';

const projectOnly = z.object({ projectId: z.string().max(200) });
const eventParams = projectOnly.extend({ id: z.string().min(1).max(200) });
const slotParams = projectOnly.extend({ slotId: z.string().min(1).max(200) });
const offerParams = projectOnly.extend({ offerId: z.string().min(1).max(200) });
const occurrence = z.string().max(10);
const occurrenceQuery = z.object({ occurrence: occurrence.optional() }).strict();
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
const slotBody = z.object({ ...slotFields, occurrence: occurrence.optional() }).strict();
const slotPatch = z
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
const placeBody = z
  .object({ occurrence: occurrence.optional(), volunteer: volunteerKey.optional() })
  .strict();
/** Accepting or declining an offer: the path says it all (an empty object, or nothing). */
const noBody = z.object({}).strict().nullish();
const offerBody = placeBody.extend({ to: z.string().min(1).max(200) }).strict();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD');
const windowQuery = z
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
const openQuery = z
  .object({
    from: day.optional(),
    to: day.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();

/** `from` and `to` given, or today in the troop and the days the lists look ahead. */
function windowOf(q: { from?: string; to?: string }, timeZone: string, nowMs: number) {
  const from = q.from ?? todayIn(timeZone, nowMs);
  const to = q.to ?? addDays(from, L.upcomingDays);
  if (to < from) throw new ApiError('VALIDATION_ERROR', 'to must not be before from');
  if (Date.parse(to) - Date.parse(from) > L.windowMaxDays * 86_400_000)
    throw new ApiError('VALIDATION_ERROR', `The window is at most ${L.windowMaxDays} days`);
  return { from, to };
}

export const volunteerRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const signedIn = [guards.project, guards.signedIn];
    const managers = [guards.project, guards.permission(PERMISSIONS.volunteerManage)];
    const manager = (caller: SignedInCaller) =>
      callerCan(deps, caller, PERMISSIONS.volunteerManage);
    const by = (caller: SignedInCaller) => (caller.kind === 'user' ? caller.userId : null);

    /** 404 for an event the caller may not read, exactly as for one that does not exist. */
    const mustRead = async (units: CalendarUnits, caller: SignedInCaller, id: string) => {
      const event = await findEvent(deps.store, units, id);
      if (!event || readableEvents(deps.config.roles, caller, [event]).length === 0)
        throw new ApiError('NOT_FOUND', 'Event not found');
    };

    /** The troop's slot on an event the caller reads; 404 otherwise, whatever the id. */
    const readableSlot = async (req: FastifyRequest, slotId: string): Promise<Slot> => {
      const troop = troopOf(req);
      const slot = await findSlot(deps.store, troop.id, slotId);
      if (!slot) throw new ApiError('NOT_FOUND', 'Slot not found');
      await mustRead(unitsOf(troop), callerOf(req), slot.eventId).catch(() => {
        throw new ApiError('NOT_FOUND', 'Slot not found');
      });
      return slot;
    };

    const sheet = async (req: FastifyRequest, event: EventOccurrence) => {
      const caller = callerOf(req);
      const troop = troopOf(req);
      return readSheet(deps.store, unitsOf(troop), event, {
        mine:
          caller.kind === 'user'
            ? await answerableAttendees(deps.store, troop.id, caller.userId)
            : [],
        userId: by(caller),
        manager: manager(caller),
        timeZone: troop.timeZone,
      });
    };

    /** The slot as a leader's add or edit answers it, with the places of its own occurrence. */
    const slotAnswer = async (req: FastifyRequest, slot: Slot) => {
      const troop = troopOf(req);
      const units = unitsOf(troop);
      if (slot.occurrence === '*')
        return {
          slot: wireSlot(
            slot,
            [],
            { mine: [], timeZone: troop.timeZone },
            { date: '', time: null },
          ),
        };
      const event = await findEventOccurrence(
        deps.store,
        units,
        slot.eventId,
        slot.occurrence || undefined,
      );
      const places = await placesIn(deps.store, troop.id, [slot.id], event.occurrence);
      const caller = callerOf(req);
      const mine =
        caller.kind === 'user'
          ? await answerableAttendees(deps.store, troop.id, caller.userId)
          : [];
      return {
        slot: wireSlot(
          slot,
          places,
          { mine, timeZone: troop.timeZone },
          await occurrenceTime(deps.store, units, event),
        ),
      };
    };

    const announce = (
      req: FastifyRequest,
      event: { troopId: string; eventId: string; ownerId: string | null },
      occurrence: string,
      slotId: string,
      change: Parameters<typeof announceSheet>[3],
    ) =>
      announceSheet(
        deps,
        callerOf(req),
        {
          troopId: event.troopId,
          eventId: event.eventId,
          ownerId: event.ownerId,
          occurrence,
          slotId,
        },
        change,
      );

    /** The event's maker, whose own channel hears a change to a slot on every occurrence. */
    const ownerOf = async (units: CalendarUnits, eventId: string) =>
      (await findEvent(deps.store, units, eventId))?.user_id ?? null;

    /** Runs a change of places under the slot's lock; a store's refusal reads as the lock's. */
    const underLock = <T>(
      troopId: string,
      slotId: string,
      fn: (
        tx: Parameters<Parameters<typeof deps.store.transaction>[0]>[0],
        slot: Slot,
      ) => Promise<T>,
    ) =>
      deps.store
        .transaction(async (tx) => {
          const slot = await findSlot(tx, troopId, slotId, true);
          if (!slot) throw new ApiError('NOT_FOUND', 'Slot not found');
          return fn(tx, slot);
        })
        .catch((err: unknown) => {
          throw placeConflict(err) ?? err;
        });

    app.get(
      '/:projectId/events/:id/slots',
      {
        preValidation: signedIn,
        schema: { params: eventParams, querystring: occurrenceQuery, response: { 200: wireSheet } },
      },
      async (req) => {
        const units = unitsOf(troopOf(req));
        await mustRead(units, callerOf(req), req.params.id);
        const event = await findEventOccurrence(
          deps.store,
          units,
          req.params.id,
          req.query.occurrence,
        );
        return sheet(req, event);
      },
    );

    app.post(
      '/:projectId/events/:id/slots',
      {
        preValidation: managers,
        schema: {
          params: eventParams,
          body: slotBody,
          response: { 200: z.object({ slot: wireSlotSchema }) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const units = unitsOf(troopOf(req));
        await mustRead(units, caller, req.params.id);
        const slot = await deps.store.transaction((tx) =>
          addSlot(tx, units, req.params.id, req.body, by(caller), deps.clock.now()),
        );
        announce(
          req,
          {
            troopId: units.troopId,
            eventId: slot.eventId,
            ownerId: await ownerOf(units, slot.eventId),
          },
          slot.occurrence,
          slot.id,
          'added',
        );
        return slotAnswer(req, slot);
      },
    );

    app.post(
      '/:projectId/events/:id/slots/nudge',
      {
        preValidation: managers,
        schema: { params: eventParams, body: occurrenceQuery, response: { 200: wireNudge } },
      },
      async (req) => {
        const caller = callerOf(req);
        const troop = troopOf(req);
        const units = unitsOf(troop);
        await mustRead(units, caller, req.params.id);
        const event = await findEventOccurrence(
          deps.store,
          units,
          req.params.id,
          req.body.occurrence,
        );
        return sendVolunteerNudge(deps, units, troop.timeZone, event, by(caller));
      },
    );

    app.patch(
      '/:projectId/slots/:slotId',
      {
        preValidation: managers,
        schema: {
          params: slotParams,
          body: slotPatch,
          response: { 200: z.object({ slot: wireSlotSchema }) },
        },
      },
      async (req) => {
        const troop = troopOf(req);
        await readableSlot(req, req.params.slotId);
        const slot = await underLock(troop.id, req.params.slotId, (tx, found) =>
          editSlot(tx, troop.id, found, req.body, deps.clock.now()),
        );
        const units = unitsOf(troop);
        announce(
          req,
          { troopId: troop.id, eventId: slot.eventId, ownerId: await ownerOf(units, slot.eventId) },
          slot.occurrence,
          slot.id,
          'edited',
        );
        return slotAnswer(req, slot);
      },
    );

    app.delete(
      '/:projectId/slots/:slotId',
      {
        preValidation: managers,
        schema: { params: slotParams, response: { 200: z.object({ slotId: z.string() }) } },
      },
      async (req) => {
        const troop = troopOf(req);
        const slot = await readableSlot(req, req.params.slotId);
        await deps.store.transaction((tx) => removeSlot(tx, troop.id, slot.id));
        announce(
          req,
          {
            troopId: troop.id,
            eventId: slot.eventId,
            ownerId: await ownerOf(unitsOf(troop), slot.eventId),
          },
          slot.occurrence,
          slot.id,
          'removed',
        );
        return { slotId: slot.id };
      },
    );

    app.post(
      '/:projectId/slots/:slotId/take',
      {
        preValidation: signedIn,
        schema: { params: slotParams, body: placeBody, response: { 200: wireSheet } },
      },
      async (req) => {
        const caller = callerOf(req);
        const troop = troopOf(req);
        const units = unitsOf(troop);
        await readableSlot(req, req.params.slotId);
        const event = await underLock(troop.id, req.params.slotId, async (tx, slot) => {
          const on = await occurrenceOfSlot(tx, units, slot, req.body.occurrence);
          const person = await volunteerFor(
            tx,
            troop.id,
            caller,
            manager(caller),
            req.body.volunteer,
          );
          await takePlace(tx, slot, on, person, by(caller), deps.clock.now());
          return on;
        });
        announce(req, event, event.occurrence, req.params.slotId, 'taken');
        return sheet(req, event);
      },
    );

    app.post(
      '/:projectId/slots/:slotId/give-back',
      {
        preValidation: signedIn,
        schema: { params: slotParams, body: placeBody, response: { 200: wireGiveBack } },
      },
      async (req) => {
        const caller = callerOf(req);
        const troop = troopOf(req);
        const units = unitsOf(troop);
        await readableSlot(req, req.params.slotId);
        const nowMs = deps.clock.now();
        const { event, late } = await underLock(troop.id, req.params.slotId, async (tx, slot) => {
          const on = await occurrenceOfSlot(tx, units, slot, req.body.occurrence);
          const person = await volunteerFor(
            tx,
            troop.id,
            caller,
            manager(caller),
            req.body.volunteer,
          );
          await giveBackPlace(tx, slot, on, person.attendee);
          const cutoff = cutoffMs(
            troop.timeZone,
            await occurrenceTime(tx, units, on),
            slot.cutoffHours,
          );
          const past = cutoff !== null && nowMs >= cutoff;
          // A leader giving a place back knows already; a member's late give-back tells them.
          if (past && !manager(caller))
            await queueLateGiveBack(tx, deps.config.roles, nowMs, slot, on, person.name);
          return { event: on, late: past };
        });
        announce(
          req,
          event,
          event.occurrence,
          req.params.slotId,
          late ? 'given-back-late' : 'given-back',
        );
        return { sheet: await sheet(req, event), late };
      },
    );

    app.post(
      '/:projectId/slots/:slotId/offer',
      {
        preValidation: signedIn,
        schema: { params: slotParams, body: offerBody, response: { 200: wireSheet } },
      },
      async (req) => {
        const caller = callerOf(req);
        const troop = troopOf(req);
        const units = unitsOf(troop);
        await readableSlot(req, req.params.slotId);
        const event = await underLock(troop.id, req.params.slotId, async (tx, slot) => {
          const on = await occurrenceOfSlot(tx, units, slot, req.body.occurrence);
          const person = await volunteerFor(
            tx,
            troop.id,
            caller,
            manager(caller),
            req.body.volunteer,
          );
          await offerPlace(
            tx,
            slot,
            on,
            person.attendee,
            req.body.to,
            by(caller),
            deps.clock.now(),
          );
          return on;
        });
        announce(req, event, event.occurrence, req.params.slotId, 'offered');
        return sheet(req, event);
      },
    );

    /** An offer the caller may answer: the member it names, or (decline) its holder's side. */
    const answerOffer = async (req: FastifyRequest, offerId: string, accepting: boolean) => {
      const caller = callerOf(req);
      const troop = troopOf(req);
      const units = unitsOf(troop);
      const nowMs = deps.clock.now();
      const { event, slotId } = await deps.store
        .transaction(async (tx) => {
          const offer = await findOffer(tx, troop.id, offerId);
          const toMe = caller.kind === 'user' && offer.toUser === caller.userId;
          const holderSide =
            manager(caller) ||
            (caller.kind === 'user' &&
              (await answerableAttendees(tx, troop.id, caller.userId)).some(
                (p) => p.attendee === offer.holder,
              ));
          // Nobody else learns that the offer exists.
          if (!(toMe || (!accepting && holderSide)))
            throw new ApiError('NOT_FOUND', 'This offer was withdrawn or answered');
          const on = await occurrenceOfSlot(tx, units, offer.slot, offer.occurrence || undefined);
          if (accepting) {
            const taker = await personOf(tx, troop.id, `user:${offer.toUser}`);
            await acceptOffer(tx, troop.id, offer, taker, nowMs);
          } else await dropOffer(tx, troop.id, offer.id);
          return { event: on, slotId: offer.slot.id };
        })
        .catch((err: unknown) => {
          throw placeConflict(err) ?? err;
        });
      await mustRead(units, caller, event.eventId).catch(() => {
        throw new ApiError('NOT_FOUND', 'This offer was withdrawn or answered');
      });
      announce(
        req,
        event,
        event.occurrence,
        slotId,
        accepting ? 'offer-accepted' : 'offer-declined',
      );
      return sheet(req, event);
    };

    app.post(
      '/:projectId/offers/:offerId/accept',
      {
        preValidation: signedIn,
        schema: { params: offerParams, body: noBody, response: { 200: wireSheet } },
      },
      async (req) => answerOffer(req, req.params.offerId, true),
    );
    app.post(
      '/:projectId/offers/:offerId/decline',
      {
        preValidation: signedIn,
        schema: { params: offerParams, body: noBody, response: { 200: wireSheet } },
      },
      async (req) => answerOffer(req, req.params.offerId, false),
    );

    const listContext = (req: FastifyRequest): ListContext => {
      const troop = troopOf(req);
      return {
        units: unitsOf(troop),
        roles: deps.config.roles,
        caller: callerOf(req),
        timeZone: troop.timeZone,
      };
    };

    app.get(
      '/:projectId/mine',
      {
        preValidation: signedIn,
        schema: { params: projectOnly, querystring: windowQuery, response: { 200: wireMine } },
      },
      async (req) => {
        const ctx = listContext(req);
        const caller = ctx.caller;
        const people =
          caller.kind === 'user'
            ? (await answerableAttendees(deps.store, ctx.units.troopId, caller.userId)).map(
                (p) => p.attendee,
              )
            : [];
        return myCommitments(
          deps.store,
          ctx,
          people,
          windowOf(req.query, ctx.timeZone, deps.clock.now()),
        );
      },
    );

    app.get(
      '/:projectId/open',
      {
        preValidation: signedIn,
        schema: { params: projectOnly, querystring: openQuery, response: { 200: wireOpen } },
      },
      async (req) => {
        const ctx = listContext(req);
        return openSlots(
          deps.store,
          ctx,
          windowOf(req.query, ctx.timeZone, deps.clock.now()),
          req.query.limit ?? 50,
        );
      },
    );

    app.get(
      '/:projectId/unfilled',
      {
        preValidation: managers,
        schema: { params: projectOnly, querystring: windowQuery, response: { 200: wireUnfilled } },
      },
      async (req) => {
        const ctx = listContext(req);
        return unfilledSlots(deps.store, ctx, windowOf(req.query, ctx.timeZone, deps.clock.now()));
      },
    );

    app.get(
      '/:projectId/events/:id/slots.csv',
      { preValidation: managers, schema: { params: eventParams, querystring: occurrenceQuery } },
      async (req, reply) => {
        const troop = troopOf(req);
        const units = unitsOf(troop);
        await mustRead(units, callerOf(req), req.params.id);
        const event = await findEventOccurrence(
          deps.store,
          units,
          req.params.id,
          req.query.occurrence,
        );
        const read = await sheet(req, event);
        const keys = read.slots.flatMap((s) => s.places.map((p) => p.volunteer));
        const body = sheetCsv(
          read,
          await volunteerContacts(deps.store, troop.id, keys),
          troop.timeZone,
          deps.clock.now(),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('Cache-Control', 'private, no-store')
          .header(
            'Content-Disposition',
            `attachment; filename="${sheetFileName(event.name, event.occurrence)}"`,
          )
          .send(body);
      },
    );
  };
