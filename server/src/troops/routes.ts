/**
 * Troops (docs/decisions/065-troops.md), mounted at /api/troops:
 *
 *   GET  /:projectId        (anyone)                 -> {troop}    the troop's public face
 *   GET  /:projectId/mine   (signed in, or waiting)  -> {troops}   the caller's troops, to switch
 *   POST /:projectId {projectId, number, name, timeZone?, signupMode?, contact?, leaderEmail?}
 *                           (the platform admin)     -> {troop, leader}   makes a troop
 *
 * The path's project id is the troop the app calls with, as on every route; the new troop's is
 * in the body.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { createTroop, isPlatformAdmin, wireTroopOf } from './create-troop.ts';
import { myTroops } from './my-troops.ts';
import { createdTroop, newTroopBody, wireMyTroop, wireTroop } from './troop-schemas.ts';

export const troopRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);

    app.get(
      '/:projectId',
      {
        preValidation: [guards.project],
        schema: { params: projectParams, response: { 200: z.object({ troop: wireTroop }) } },
      },
      async (req) => ({ troop: wireTroopOf(troopOf(req)) }),
    );

    // One waiting for approval in this troop may still go to a troop that let them in.
    app.get(
      '/:projectId/mine',
      {
        preValidation: [guards.project, guards.signedInOrNewcomer],
        schema: {
          params: projectParams,
          response: { 200: z.object({ troops: z.array(wireMyTroop) }) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        if (caller.kind !== 'user')
          throw new ApiError('FORBIDDEN', 'A service key belongs to no troops of its own');
        return { troops: await myTroops(deps.store, deps.config, caller.userId) };
      },
    );

    app.post(
      '/:projectId',
      {
        preValidation: [
          guards.project,
          guards.signedIn,
          async (req) => {
            const caller = callerOf(req);
            if (caller.kind !== 'user' || !(await isPlatformAdmin(deps.store, caller.userId)))
              throw new ApiError('FORBIDDEN', 'Making a troop is for the platform admin');
          },
        ],
        schema: { params: projectParams, body: newTroopBody, response: { 200: createdTroop } },
      },
      async (req) => {
        const caller = callerOf(req);
        const made = await createTroop(
          deps,
          caller.kind === 'user' ? caller.userId : null,
          req.body,
        );
        deps.troops.forget();
        return made;
      },
    );
  };
