/**
 * Households (docs/protocol.md, Households), mounted at /api/households. "mine" is the caller's
 * own household, made on first use; only its adults change it.
 *
 *   GET    /:projectId/mine                              (member)       -> {household}
 *   POST   /:projectId/mine/scouts {firstName, lastName, patrol?, birthYear?, notes?,
 *                                    noPhotos?, mayPost?}
 *                                                        (adult)        -> {scout}
 *   PATCH  /:projectId/mine/scouts/:scoutId {...}        (adult)        -> {scout}
 *   DELETE /:projectId/mine/scouts/:scoutId              (adult)        -> {scout}
 *   POST   /:projectId/mine/invitations {kind, email?, scoutId?}
 *                                                        (adult)        -> {invitation, url}
 *   DELETE /:projectId/mine/invitations/:id              (adult)        -> {invitation}
 *   DELETE /:projectId/mine/adults/:userId               (adult)        -> {adult}  own id: leave
 *   POST   /:projectId/invitations/landing {token}       (anyone)       -> {usable, used, inviterName, ...}
 *   POST   /:projectId/invitations/check {token}         (member)       -> {usable, kind, ...}
 *   POST   /:projectId/invitations/accept {token}        (member)       -> {household}
 *   GET    /:projectId/scouts                            (scouts.read)  -> {scouts}  details
 *   GET    /:projectId/roster                            (member)       -> {scouts}  names only
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '@scout/protocol/auth-schemas';
import { HOUSEHOLD_INVITATION_KINDS } from '@scout/protocol/households';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { hitRateLimit } from '../auth/rate-limits.ts';
import { RECOVERY_RATE_LIMITS } from '../auth/recovery-limits.ts';
import type { ReadyDeps } from '../deps.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { removeAdult } from './adults.ts';
import { adultHousehold, ensureHousehold, memberIdOf, readHousehold } from './household.ts';
import { countInvitationMail, mailHouseholdInvitation } from './invitation-mail.ts';
import {
  acceptHouseholdInvitation,
  checkHouseholdInvitation,
  createHouseholdInvitation,
  landHouseholdInvitation,
  revokeHouseholdInvitation,
} from './invitations.ts';
import { addScout, editScout, listRoster, listTroopScouts, removeScout } from './scouts.ts';
import {
  wireAdult,
  wireCheck,
  wireHousehold,
  wireInvitation,
  wireLanding,
  wireRosterScout,
  wireScout,
  wireTroopScout,
} from './wire-schemas.ts';

const id = z.string().min(1).max(200);
const scoutParams = projectParams.extend({ scoutId: id });
const invitationParams = projectParams.extend({ id });
const adultParams = projectParams.extend({ userId: id });
/** Shapes only: the rules and their words are scoutProblems' (protocol/src/households.ts). */
const text = z.string().max(5000);
const scoutBody = z.object({
  firstName: text,
  lastName: text,
  patrol: text.nullish(),
  birthYear: z.number().int().nullish(),
  notes: text.nullish(),
  noPhotos: z.boolean().optional(),
  mayPost: z.boolean().optional(),
});
const invitationBody = z.object({
  kind: z.enum(HOUSEHOLD_INVITATION_KINDS),
  email: emailSchema.nullish(),
  scoutId: id.nullish(),
});
const tokenBody = z.object({ token: z.string().min(1).max(512) });

export const householdRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const member = [guards.project, guards.signedIn];
    // Links are not guessable, but each try costs a look-up: counted per address.
    // A scout's account waiting for approval may open and accept its parent's link: that is how
    // a parent confirms it (households/confirm-scout.ts).
    const perAddress = async (req: { ip: string }) =>
      hitRateLimit(
        deps,
        `households:invitation:addr:${req.ip}`,
        RECOVERY_RATE_LIMITS.redeemPerAddress,
      );
    const redeeming = [guards.project, guards.signedInOrNewcomer, perAddress];
    const now = () => deps.clock.now();

    app.get(
      '/:projectId/mine',
      {
        preValidation: member,
        schema: {
          params: projectParams,
          response: { 200: z.object({ household: wireHousehold }) },
        },
      },
      async (req) => {
        const membership = await ensureHousehold(deps, troopOf(req).id, memberIdOf(callerOf(req)));
        return { household: await readHousehold(deps.store, now(), membership) };
      },
    );
    app.post(
      '/:projectId/mine/scouts',
      {
        preValidation: member,
        schema: {
          params: projectParams,
          body: scoutBody,
          response: { 200: z.object({ scout: wireScout }) },
        },
      },
      async (req) => ({
        scout: await addScout(
          deps,
          await adultHousehold(deps, troopOf(req).id, callerOf(req)),
          req.body,
        ),
      }),
    );
    app.patch(
      '/:projectId/mine/scouts/:scoutId',
      {
        preValidation: member,
        schema: {
          params: scoutParams,
          body: scoutBody.partial(),
          response: { 200: z.object({ scout: wireScout }) },
        },
      },
      async (req) => ({
        scout: await editScout(
          deps,
          await adultHousehold(deps, troopOf(req).id, callerOf(req)),
          req.params.scoutId,
          req.body,
        ),
      }),
    );
    app.delete(
      '/:projectId/mine/scouts/:scoutId',
      {
        preValidation: member,
        schema: { params: scoutParams, response: { 200: z.object({ scout: wireScout }) } },
      },
      async (req) => ({
        scout: await removeScout(
          deps,
          await adultHousehold(deps, troopOf(req).id, callerOf(req)),
          req.params.scoutId,
        ),
      }),
    );
    app.post(
      '/:projectId/mine/invitations',
      {
        preValidation: member,
        schema: {
          params: projectParams,
          body: invitationBody,
          response: { 200: z.object({ invitation: wireInvitation, url: z.string() }) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const household = await adultHousehold(deps, troopOf(req).id, caller);
        const inviterId = memberIdOf(caller);
        const email = req.body.email ?? null;
        if (email) await countInvitationMail(deps, inviterId);
        const made = await createHouseholdInvitation(deps, household, inviterId, req.body);
        if (email) await mailHouseholdInvitation(deps, troopOf(req).name, inviterId, email, made);
        return { invitation: made.invitation, url: made.url };
      },
    );
    app.delete(
      '/:projectId/mine/invitations/:id',
      {
        preValidation: member,
        schema: {
          params: invitationParams,
          response: { 200: z.object({ invitation: wireInvitation }) },
        },
      },
      async (req) => ({
        invitation: await revokeHouseholdInvitation(
          deps,
          await adultHousehold(deps, troopOf(req).id, callerOf(req)),
          req.params.id,
        ),
      }),
    );
    app.delete(
      '/:projectId/mine/adults/:userId',
      {
        preValidation: member,
        schema: { params: adultParams, response: { 200: z.object({ adult: wireAdult }) } },
      },
      async (req) => ({
        adult: await removeAdult(
          deps,
          await adultHousehold(deps, troopOf(req).id, callerOf(req)),
          req.params.userId,
        ),
      }),
    );
    // The landing page of a link, before anyone signs in: who invited, to which household.
    app.post(
      '/:projectId/invitations/landing',
      {
        preValidation: [guards.project, perAddress],
        schema: { params: projectParams, body: tokenBody, response: { 200: wireLanding } },
      },
      async (req) => landHouseholdInvitation(deps, troopOf(req).id, req.body.token),
    );
    app.post(
      '/:projectId/invitations/check',
      {
        preValidation: redeeming,
        schema: { params: projectParams, body: tokenBody, response: { 200: wireCheck } },
      },
      async (req) =>
        checkHouseholdInvitation(deps, troopOf(req).id, req.body.token, memberIdOf(callerOf(req))),
    );
    app.post(
      '/:projectId/invitations/accept',
      {
        preValidation: redeeming,
        schema: {
          params: projectParams,
          body: tokenBody,
          response: { 200: z.object({ household: wireHousehold }) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const userId = memberIdOf(caller);
        const email = caller.kind === 'user' ? caller.email : '';
        const waiting = caller.kind === 'user' && caller.status === 'pending';
        return {
          household: await acceptHouseholdInvitation(
            deps,
            troopOf(req).id,
            { userId, email, waiting },
            req.body.token,
          ),
        };
      },
    );
    app.get(
      '/:projectId/scouts',
      {
        preValidation: [
          guards.project,
          guards.permission(
            PERMISSIONS.scoutsRead,
            "Reading every scout's details needs the permission scouts.read (leaders and admins)",
          ),
        ],
        schema: {
          params: projectParams,
          response: { 200: z.object({ scouts: z.array(wireTroopScout) }) },
        },
      },
      async (req) => ({ scouts: await listTroopScouts(deps, troopOf(req).id) }),
    );
    app.get(
      '/:projectId/roster',
      {
        preValidation: member,
        schema: {
          params: projectParams,
          response: { 200: z.object({ scouts: z.array(wireRosterScout) }) },
        },
      },
      async (req) => ({ scouts: await listRoster(deps, troopOf(req).id) }),
    );
  };
