/**
 * The feed's moderation (docs/decisions/090-social-feed.md, Moderation), under
 * `/api/social/:projectId`:
 *
 *   GET  /settings                                  (member)          -> WireSocialSettings
 *   PUT  /settings {youthPostsNeedApproval}         (social.moderate) -> WireSocialSettings
 *
 * Guards first (404 unknown troop, 401, 403), then the schema (400); the work is in the plain
 * functions of settings.ts.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadyDeps } from '../deps.ts';
import { routeGuards } from '../http/route-guards.ts';
import { projectOnly, settingsBody, wireSettings } from './moderation-schemas.ts';
import { socialRequest } from './request-context.ts';
import { readSocialSettings, writeSocialSettings } from './settings.ts';

export const socialModerationRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const members = [guards.project, guards.signedIn];
    const moderators = [
      guards.project,
      guards.permission(PERMISSIONS.socialModerate, 'This needs the permission social.moderate'),
    ];
    const asked = (req: FastifyRequest) => socialRequest(deps, req);

    app.get(
      '/:projectId/settings',
      { preValidation: members, schema: { params: projectOnly, response: { 200: wireSettings } } },
      async (req) => readSocialSettings(deps.store, (await asked(req)).troop.id),
    );

    app.put(
      '/:projectId/settings',
      {
        preValidation: moderators,
        schema: { params: projectOnly, body: settingsBody, response: { 200: wireSettings } },
      },
      async (req) => writeSocialSettings(await asked(req), req.body),
    );
  };
