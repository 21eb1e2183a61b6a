/**
 * The feed's moderation (docs/decisions/090-social-feed.md, Moderation), under
 * `/api/social/:projectId`:
 *
 *   POST /posts/:postId/moderation {action, reason?}     (social.moderate) -> {post}
 *   POST /comments/:commentId/moderation {action, reason?} (social.moderate) -> {comment}
 *   POST /posts/:postId/report {reason}                  (who sees it)     -> {reported: true}
 *   POST /comments/:commentId/report {reason}            (who sees it)     -> {reported: true}
 *   GET  /queue                                          (social.moderate) -> WireSocialQueue
 *   POST /reports/:reportId/resolve                      (social.moderate) -> {resolved: true}
 *   GET  /settings                                       (member)          -> WireSocialSettings
 *   PUT  /settings {youthPostsNeedApproval}              (social.moderate) -> WireSocialSettings
 *
 * Guards first (404 unknown troop, 401, 403), then the schema (400); an item the caller does not
 * see is 404. The work is in moderation.ts, reports.ts, queue.ts and settings.ts.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { routeGuards, troopOf } from '../http/route-guards.ts';
import { moderateComment, moderatePost } from './moderation.ts';
import {
  commentAnswer,
  commentParams,
  postAnswer,
  postParams,
  projectOnly,
} from './feed-schemas.ts';
import {
  moderationBody,
  noBody,
  reportBody,
  reportParams,
  settingsBody,
  wireQueue,
  wireSettings,
} from './moderation-schemas.ts';
import { readQueue } from './queue.ts';
import { reportComment, reportPost, resolveReport } from './reports.ts';
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

    app.post(
      '/:projectId/posts/:postId/moderation',
      {
        preValidation: moderators,
        schema: {
          params: postParams,
          body: moderationBody,
          response: { 200: postAnswer },
        },
      },
      async (req) => moderatePost(await asked(req), req.params.postId, req.body),
    );

    app.post(
      '/:projectId/comments/:commentId/moderation',
      {
        preValidation: moderators,
        schema: {
          params: commentParams,
          body: moderationBody,
          response: { 200: commentAnswer },
        },
      },
      async (req) => moderateComment(await asked(req), req.params.commentId, req.body),
    );

    const reported = { 200: z.object({ reported: z.literal(true) }) };
    app.post(
      '/:projectId/posts/:postId/report',
      {
        preValidation: members,
        schema: { params: postParams, body: reportBody, response: reported },
      },
      async (req) => reportPost(await asked(req), req.params.postId, req.body.reason),
    );

    app.post(
      '/:projectId/comments/:commentId/report',
      {
        preValidation: members,
        schema: { params: commentParams, body: reportBody, response: reported },
      },
      async (req) => reportComment(await asked(req), req.params.commentId, req.body.reason),
    );

    app.get(
      '/:projectId/queue',
      { preValidation: moderators, schema: { params: projectOnly, response: { 200: wireQueue } } },
      async (req) => readQueue(await asked(req)),
    );

    app.post(
      '/:projectId/reports/:reportId/resolve',
      {
        preValidation: moderators,
        schema: {
          params: reportParams,
          body: noBody,
          response: { 200: z.object({ resolved: z.literal(true) }) },
        },
      },
      async (req) => resolveReport(await asked(req), req.params.reportId),
    );

    app.get(
      '/:projectId/settings',
      { preValidation: members, schema: { params: projectOnly, response: { 200: wireSettings } } },
      async (req) => readSocialSettings(deps.store, troopOf(req).id),
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
