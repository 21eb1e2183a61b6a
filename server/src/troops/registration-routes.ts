/**
 * A council admin's decision on troops registered at sign-up (waiting-troops.ts), mounted at
 * /api/troops with routes.ts:
 *
 *   GET  /:projectId/waiting                          -> {troops}   the troops waiting, oldest first
 *   POST /:projectId/troops/:troopProjectId/confirm   -> {troop, outcome: 'confirmed'}
 *   POST /:projectId/troops/:troopProjectId/refuse    -> {troop, outcome: 'refused'}
 *
 * The path's project id is the council's. Its admins (active members of the council's unit with
 * an admin role of the roles configuration, auth/first-admin.ts) decide, and so does the platform
 * admin (admin/platform-operator.ts), for every council, member of it or not: they make the
 * councils and stand in where a council has no admin yet. Another member of the council gets
 * 403, and anyone else of no role there gets what every route gives a stranger, an unknown
 * project. A troop's project id in place of the council's is a 400; a troop of another council,
 * or one not registered at sign-up, a 404.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPlatformAdmin, signInMemberOrPlatformAdmin } from '../admin/platform-operator.ts';
import { adminRoles } from '../auth/first-admin.ts';
import { forgetAccount } from '../auth/session-check.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import type { Troop } from '../store/tenancy.ts';
import { councilTroopParams } from './council-schemas.ts';
import { wireTroop } from './troop-schemas.ts';
import { confirmTroop, refuseTroop, waitingTroops } from './waiting-troops.ts';

const waitingTroop = wireTroop.extend({
  registeredBy: z.object({ email: z.string(), displayName: z.string().nullable() }).nullable(),
  registeredAt: z.string(),
});

const DECIDERS = "Troops waiting for a council are for the council's admins and the platform admin";

const troopDecision = z.object({
  troop: wireTroop,
  outcome: z.enum(['confirmed', 'refused']),
});

export const registrationRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);

    /**
     * An admin of the path's unit, or the platform admin; a person (a key decides nothing for a
     * council). The platform admin of no role in the council is signed in here as the council
     * overview's readers are (council-routes.ts); anyone else of none stays a stranger.
     */
    const councilAdmin = async (req: FastifyRequest, reply: FastifyReply) => {
      if (
        (await signInMemberOrPlatformAdmin(deps, guards.signedIn, plain, req, reply)) ===
        'platform-admin'
      )
        return;
      const caller = callerOf(req);
      if (caller.kind !== 'user') throw new ApiError('FORBIDDEN', DECIDERS);
      if (adminRoles(deps.config.roles).includes(caller.role)) return;
      if (!(await isPlatformAdmin(deps, caller.userId))) throw new ApiError('FORBIDDEN', DECIDERS);
    };

    const councilOf = (req: FastifyRequest): { council: Troop; actorId: string } => {
      const council = troopOf(req);
      if (council.kind !== 'council')
        throw new ApiError(
          'VALIDATION_ERROR',
          `${council.projectId} is a troop, not a council: call with the council's project id`,
        );
      const caller = callerOf(req);
      return { council, actorId: caller.kind === 'user' ? caller.userId : '' };
    };

    const guarded = [guards.project, councilAdmin];

    app.get(
      '/:projectId/waiting',
      {
        preValidation: guarded,
        schema: {
          params: projectParams,
          response: { 200: z.object({ troops: z.array(waitingTroop) }) },
        },
      },
      async (req) => ({ troops: await waitingTroops(deps, councilOf(req).council) }),
    );

    app.post(
      '/:projectId/troops/:troopProjectId/confirm',
      {
        preValidation: guarded,
        schema: { params: councilTroopParams, response: { 200: troopDecision } },
      },
      async (req) => {
        const { council, actorId } = councilOf(req);
        const decision = await confirmTroop(deps, actorId, council, req.params.troopProjectId);
        deps.troops.forget();
        return decision;
      },
    );

    app.post(
      '/:projectId/troops/:troopProjectId/refuse',
      {
        preValidation: guarded,
        schema: { params: councilTroopParams, response: { 200: troopDecision } },
      },
      async (req) => {
        const { council, actorId } = councilOf(req);
        const { decision, members } = await refuseTroop(
          deps,
          actorId,
          council,
          req.params.troopProjectId,
        );
        deps.troops.forget();
        for (const userId of members) forgetAccount(deps.store, userId);
        return decision;
      },
    );
  };
