/**
 * Occurrences of the troop calendar: a window's occurrences with every series expanded, and
 * changes to one occurrence, "this and following" or a whole series
 * (docs/decisions/041-repeat-rules-and-occurrence-routes.md).
 *
 *   GET    /api/calendar/:projectId/occurrences?from=&to=                 -> {from, to, occurrences}
 *   PATCH  /api/calendar/:projectId/events/:id/occurrences/:date?scope=    {changes} -> {changes}
 *   POST   /api/calendar/:projectId/events/:id/occurrences/:date/cancel?scope= {reason?} -> {changes}
 *   DELETE /api/calendar/:projectId/events/:id/occurrences/:date?scope=    -> {changes}
 *
 * Every signed-in member reads; the event's creator and holders of events.manage change.
 * Every change reaches open calendars on the `calendar_events` channel, as Data API writes do.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { markEditRows, markRemoval } from '../notices/event-outbox.ts';
import {
  changeOccurrence,
  type EventChanges,
  type OccurrenceAction,
} from './occurrence-changes.ts';
import {
  cancelBody,
  changesAnswer,
  changesBody,
  occurrenceParams,
  scopeQuery,
  windowAnswer,
  windowQuery,
} from './occurrence-schemas.ts';
import { checkEventRow } from './event-row-check.ts';
import { expandOccurrences } from './occurrences.ts';
import { readableEvents } from './read-scope.ts';
import { rowsForWindow } from './stored-events.ts';
import { unitsOf } from './calendar-units.ts';
import { namingCouncil } from './council-name.ts';
import { isoInstant } from '../store/sql-values.ts';

export const occurrenceRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const signedIn = [guards.project, guards.signedIn];

    const change = async (
      req: FastifyRequest & {
        params: z.infer<typeof occurrenceParams>;
        query: z.infer<typeof scopeQuery>;
      },
      action: OccurrenceAction,
    ) => {
      const caller = callerOf(req);
      const troopId = troopOf(req).id;
      const changes = await deps.store.transaction(async (tx) => {
        if (action.kind === 'delete')
          await markRemoval(tx, deps.clock.now(), troopId, {
            ...req.params,
            scope: req.query.scope,
          });
        const made = await changeOccurrence(
          tx,
          { id: req.params.id, date: req.params.date, scope: req.query.scope, action },
          { troopId, caller, roles: deps.config.roles, nowIso: isoInstant(deps.clock.now()) },
        );
        await markEditRows(tx, deps.clock.now(), troopId, made);
        return made;
      });
      deps.changeFeed.announce(caller, changes, troopId);
      return { changes };
    };

    app.get(
      '/:projectId/occurrences',
      {
        preValidation: signedIn,
        // The window's rules are worded for people; their words are the answer.
        config: { invalidInput: { schemaWords: true } },
        schema: {
          params: projectParams,
          querystring: windowQuery,
          response: { 200: windowAnswer },
        },
      },
      async (req) => {
        const { from, to } = req.query;
        const troop = troopOf(req);
        const all = await rowsForWindow(deps.store, unitsOf(troop), from, to);
        const rows = readableEvents(deps.config.roles, callerOf(req), all);
        const occurrences = expandOccurrences(rows, from, to, troop.timeZone);
        return { from, to, occurrences: await namingCouncil(deps, troop, rows, occurrences) };
      },
    );

    app.patch(
      '/:projectId/events/:id/occurrences/:date',
      {
        preValidation: signedIn,
        schema: {
          params: occurrenceParams,
          querystring: scopeQuery,
          body: changesBody,
          response: { 200: changesAnswer },
        },
      },
      async (req) =>
        change(req, {
          kind: 'edit',
          changes: checkEventRow(req.body.changes, 'update') as EventChanges,
        }),
    );

    app.post(
      '/:projectId/events/:id/occurrences/:date/cancel',
      {
        preValidation: signedIn,
        schema: {
          params: occurrenceParams,
          querystring: scopeQuery,
          body: cancelBody,
          response: { 200: changesAnswer },
        },
      },
      async (req) => {
        const reason = (checkEventRow({ cancel_reason: req.body?.reason ?? null }, 'update')
          .cancel_reason ?? null) as string | null;
        return change(req, { kind: 'cancel', reason });
      },
    );

    app.delete(
      '/:projectId/events/:id/occurrences/:date',
      {
        preValidation: signedIn,
        schema: {
          params: occurrenceParams,
          querystring: scopeQuery,
          response: { 200: changesAnswer },
        },
      },
      async (req) => change(req, { kind: 'delete' }),
    );
  };
