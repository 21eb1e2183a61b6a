/**
 * A council's view of its troops (docs/decisions/065-troops.md), mounted at /api/troops with
 * routes.ts:
 *
 *   GET /:projectId/overview   (the council's active members, the platform admin)
 *        -> {council, troops}  each troop's members, upcoming events and answer rate
 *   GET /:projectId/troops/:troopProjectId/events?from=YYYY-MM-DD&to=YYYY-MM-DD   (the same)
 *        -> {events}           that troop's events and occurrences: no names, no answers
 *
 * The path's project id is the council's. Any role of the council reads; someone of no role
 * there gets what every route gives a stranger, an unknown project (the session check), unless
 * they are the platform admin. A troop's project id in place of the council's is a 400.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInMemberOrPlatformAdmin } from '../admin/platform-operator.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import type { Troop } from '../store/tenancy.ts';
import { councilTroopEvents } from './council-events.ts';
import { councilOverview } from './council-overview.ts';
import {
  councilOverview as councilOverviewAnswer,
  councilTroopEvents as councilTroopEventsAnswer,
  councilTroopParams,
  councilWindowQuery,
} from './council-schemas.ts';

export const councilRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);

    /** A member of the path's unit, or the platform admin; a person, never a key. */
    const councilReader = async (req: FastifyRequest, reply: FastifyReply) => {
      await signInMemberOrPlatformAdmin(deps, guards.signedIn, plain, req, reply);
      if (callerOf(req).kind !== 'user')
        throw new ApiError('FORBIDDEN', "A council's view of its troops is for its members");
    };

    const councilOf = (req: FastifyRequest): Troop => {
      const unit = troopOf(req);
      if (unit.kind !== 'council')
        throw new ApiError(
          'VALIDATION_ERROR',
          `${unit.projectId} is a troop, not a council: call with the council's project id`,
        );
      return unit;
    };

    app.get(
      '/:projectId/overview',
      {
        preValidation: [guards.project, councilReader],
        schema: { params: projectParams, response: { 200: councilOverviewAnswer } },
      },
      async (req) => councilOverview(deps.store, deps.config, councilOf(req), deps.clock.now()),
    );

    app.get(
      '/:projectId/troops/:troopProjectId/events',
      {
        preValidation: [guards.project, councilReader],
        // The window's rules are worded for people; their words are the answer.
        config: { invalidInput: { schemaWords: true } },
        schema: {
          params: councilTroopParams,
          querystring: councilWindowQuery,
          response: { 200: councilTroopEventsAnswer },
        },
      },
      async (req) => {
        const council = councilOf(req);
        const troop = await deps.troops.byProjectId(req.params.troopProjectId);
        if (!troop || troop.kind !== 'troop' || troop.councilId !== council.id)
          throw new ApiError(
            'NOT_FOUND',
            `No troop of this council has the project id ${req.params.troopProjectId}`,
          );
        const { from, to } = req.query;
        return { events: await councilTroopEvents(deps.store, troop, from, to) };
      },
    );
  };
