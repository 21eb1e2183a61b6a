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
 *   GET    /api/volunteer/:projectId/adults               -> the troop's adults, ids and names only
 *
 * Sheets follow their event: a caller the `calendar_events` read rule keeps from the event gets
 * 404 for its sheet and its slots, as from the Data API. Every member who reads the event reads
 * the sheet with the names; a member takes, gives back and offers places for themself and the
 * scouts of their household (a scout only in a slot open to scouts). Every change is announced
 * on the `volunteer` channel. Everything is the path's troop's: another troop's event or slot
 * is 404 here, whatever its id.
 *
 * This file is the route table: who may call and what each route takes and answers. The work is
 * in the handlers: sheet-handlers.ts, slot-handlers.ts, place-handlers.ts, list-handlers.ts, on
 * what request-context.ts gives them.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { routeGuards } from '../http/route-guards.ts';
import { listAdults } from './adult-members.ts';
import { listMine, listOpen, listUnfilled } from './list-handlers.ts';
import { answerOffer, giveBackSlotPlace, offerSlotPlace, takeSlotPlace } from './place-handlers.ts';
import { volunteerRequest } from './request-context.ts';
import {
  eventParams,
  noBody,
  occurrenceQuery,
  offerBody,
  offerParams,
  openQuery,
  placeBody,
  projectOnly,
  slotBody,
  slotParams,
  slotPatch,
  windowQuery,
} from './route-schemas.ts';
import { exportEventSheet, nudgeEventSheet, readEventSheet } from './sheet-handlers.ts';
import { addEventSlot, editEventSlot, removeEventSlot } from './slot-handlers.ts';
import {
  wireAdults,
  wireGiveBack,
  wireMine,
  wireNudge,
  wireOpen,
  wireSheet,
  wireSlot,
  wireUnfilled,
} from './wire-schemas.ts';

const slotAnswer = z.object({ slot: wireSlot });

export const volunteerRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const signedIn = [guards.project, guards.signedIn];
    const managers = [guards.project, guards.permission(PERMISSIONS.volunteerManage)];
    const asked = (req: Parameters<typeof volunteerRequest>[1]) => volunteerRequest(deps, req);

    app.get(
      '/:projectId/events/:id/slots',
      {
        preValidation: signedIn,
        schema: { params: eventParams, querystring: occurrenceQuery, response: { 200: wireSheet } },
      },
      async (req) => readEventSheet(asked(req), req.params.id, req.query.occurrence),
    );

    app.post(
      '/:projectId/events/:id/slots',
      {
        preValidation: managers,
        schema: { params: eventParams, body: slotBody, response: { 200: slotAnswer } },
      },
      async (req) => addEventSlot(asked(req), req.params.id, req.body),
    );

    app.post(
      '/:projectId/events/:id/slots/nudge',
      {
        preValidation: managers,
        schema: { params: eventParams, body: occurrenceQuery, response: { 200: wireNudge } },
      },
      async (req) => nudgeEventSheet(asked(req), req.params.id, req.body.occurrence),
    );

    app.patch(
      '/:projectId/slots/:slotId',
      {
        preValidation: managers,
        schema: { params: slotParams, body: slotPatch, response: { 200: slotAnswer } },
      },
      async (req) => editEventSlot(asked(req), req.params.slotId, req.body),
    );

    app.delete(
      '/:projectId/slots/:slotId',
      {
        preValidation: managers,
        schema: { params: slotParams, response: { 200: z.object({ slotId: z.string() }) } },
      },
      async (req) => removeEventSlot(asked(req), req.params.slotId),
    );

    app.post(
      '/:projectId/slots/:slotId/take',
      {
        preValidation: signedIn,
        schema: { params: slotParams, body: placeBody, response: { 200: wireSheet } },
      },
      async (req) => takeSlotPlace(asked(req), req.params.slotId, req.body),
    );

    app.post(
      '/:projectId/slots/:slotId/give-back',
      {
        preValidation: signedIn,
        schema: { params: slotParams, body: placeBody, response: { 200: wireGiveBack } },
      },
      async (req) => giveBackSlotPlace(asked(req), req.params.slotId, req.body),
    );

    app.post(
      '/:projectId/slots/:slotId/offer',
      {
        preValidation: signedIn,
        schema: { params: slotParams, body: offerBody, response: { 200: wireSheet } },
      },
      async (req) => offerSlotPlace(asked(req), req.params.slotId, req.body),
    );

    for (const [answer, accepting] of [
      ['accept', true],
      ['decline', false],
    ] as const)
      app.post(
        `/:projectId/offers/:offerId/${answer}`,
        {
          preValidation: signedIn,
          schema: { params: offerParams, body: noBody, response: { 200: wireSheet } },
        },
        async (req) => answerOffer(asked(req), req.params.offerId, accepting),
      );

    app.get(
      '/:projectId/mine',
      {
        preValidation: signedIn,
        schema: { params: projectOnly, querystring: windowQuery, response: { 200: wireMine } },
      },
      async (req) => listMine(asked(req), req.query),
    );

    app.get(
      '/:projectId/open',
      {
        preValidation: signedIn,
        schema: { params: projectOnly, querystring: openQuery, response: { 200: wireOpen } },
      },
      async (req) => listOpen(asked(req), req.query),
    );

    app.get(
      '/:projectId/unfilled',
      {
        preValidation: managers,
        schema: { params: projectOnly, querystring: windowQuery, response: { 200: wireUnfilled } },
      },
      async (req) => listUnfilled(asked(req), req.query),
    );

    app.get(
      '/:projectId/adults',
      { preValidation: signedIn, schema: { params: projectOnly, response: { 200: wireAdults } } },
      async (req) => listAdults(asked(req)),
    );

    app.get(
      '/:projectId/events/:id/slots.csv',
      { preValidation: managers, schema: { params: eventParams, querystring: occurrenceQuery } },
      async (req, reply) =>
        exportEventSheet(asked(req), reply, req.params.id, req.query.occurrence),
    );
  };
