/**
 * Troops (docs/decisions/065-troops.md), mounted at /api/troops:
 *
 *   GET  /:projectId        (anyone)                 -> {troop}    the troop's public face
 *   GET  /:projectId/mine   (signed in, or waiting, in any troop of the server)
 *                                                    -> {troops, platformAdmin}   the caller's
 *                                                       troops, to switch, and whether they make troops
 *   GET  /:projectId/all    (the platform admin)     -> {troops}   every unit, councils first
 *   POST /:projectId {projectId, number, name, timeZone?, signupMode?, contact?, leaderEmail?,
 *                     kind?, councilProjectId?}
 *                           (the platform admin)     -> {troop, leader}   makes a troop or a council
 *
 * The path's project id is the troop the app calls with, as on every route; the new troop's is
 * in the body. A council's view of its troops is council-routes.ts's; its decision on troops
 * registered at sign-up, registration-routes.ts's.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { isPlatformAdmin, platformAdmin } from '../admin/platform-operator.ts';
import { anyTroopAccount } from './account-guard.ts';
import { councilRoutes } from './council-routes.ts';
import { registrationRoutes } from './registration-routes.ts';
import { createTroop, wireTroopOf } from './create-troop.ts';
import { myTroops } from './my-troops.ts';
import { listTroops, serverTroopOf } from './troop-list.ts';
import {
  createdTroop,
  myTroopsAnswer,
  newTroopBody,
  serverTroop,
  wireTroop,
} from './troop-schemas.ts';

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

    // One waiting for approval in this troop may still go to a troop that let them in, and one
    // who is no member of the path's troop finds their own (account-guard.ts).
    app.get(
      '/:projectId/mine',
      {
        preValidation: [guards.project, anyTroopAccount(deps)],
        schema: {
          params: projectParams,
          response: { 200: myTroopsAnswer },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        if (caller.kind !== 'user')
          throw new ApiError('FORBIDDEN', 'A service key belongs to no troops of its own');
        return {
          troops: await myTroops(deps.store, deps.config, caller.userId),
          platformAdmin: await isPlatformAdmin(deps, caller.userId),
        };
      },
    );

    app.get(
      '/:projectId/all',
      {
        preValidation: [
          guards.project,
          guards.signedIn,
          platformAdmin(deps, "Listing the server's troops is for the platform admin"),
        ],
        schema: {
          params: projectParams,
          response: { 200: z.object({ troops: z.array(serverTroop) }) },
        },
      },
      async () => ({
        troops: (await listTroops(deps.store, deps.config)).map(serverTroopOf),
      }),
    );

    app.post(
      '/:projectId',
      {
        preValidation: [
          guards.project,
          guards.signedIn,
          platformAdmin(deps, 'Making a troop is for the platform admin'),
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

    await plain.register(councilRoutes(deps));
    await plain.register(registrationRoutes(deps));
  };
