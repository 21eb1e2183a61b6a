/**
 * Newsletters and announcements (docs/protocol.md, Newsletter; docs/decisions/081-newsletter-posts.md).
 *
 *   GET    /api/newsletter/:projectId/posts?q=&cursor=&limit=&status=  -> page
 *   GET    /api/newsletter/:projectId/posts/:postId                    -> {post}
 *   POST   /api/newsletter/:projectId/posts/:postId/read               -> {read: true}
 *   GET    /api/newsletter/:projectId/banner                           -> {announcements}
 *   POST   /api/newsletter/:projectId/posts {draft}            (newsletter.write) -> {post}
 *   PATCH  /api/newsletter/:projectId/posts/:postId {changes}  (newsletter.write) -> {post}
 *   DELETE /api/newsletter/:projectId/posts/:postId            (newsletter.write) -> {postId}
 *   POST   /api/newsletter/:projectId/posts/:postId/send {at?} (newsletter.write) -> {post}
 *   POST   /api/newsletter/:projectId/posts/:postId/unschedule (newsletter.write) -> {post}
 *   POST   /api/newsletter/:projectId/preview {kind,title,body} (newsletter.write) -> preview
 *   GET    /api/newsletter/:projectId/patrols                  (newsletter.write) -> {patrols}
 *
 * (POST /images is image-routes.ts's.) A member reads the sent posts of the troop and of its
 * council that the audience rule gives them (audience.ts); a post they may not read is 404,
 * never 403. Writers change the troop's own posts only: a council's is written on the
 * council's path. Everything is the path's troop's: another troop's post is 404 here.
 *
 * This file is the route table; the work is in archive.ts and post-handlers.ts, on what
 * request-context.ts gives them.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { routeGuards } from '../http/route-guards.ts';
import { getPost, listPosts, readBanner } from './archive.ts';
import { troopPatrols } from './patrols.ts';
import {
  createPost,
  editPost,
  readPost,
  removePost,
  sendPost,
  unschedulePost,
} from './post-handlers.ts';
import { previewPost } from './preview.ts';
import { newsletterRequest } from './request-context.ts';
import {
  draftBody,
  draftPatch,
  listQuery,
  noBody,
  postParams,
  previewBody,
  projectOnly,
  sendBody,
} from './route-schemas.ts';
import { postAnswer, wireBanner, wirePage, wirePreview } from './wire-schemas.ts';

export const newsletterRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const signedIn = [guards.project, guards.signedIn];
    const writers = [guards.project, guards.permission(PERMISSIONS.newsletterWrite)];
    const asked = (req: Parameters<typeof newsletterRequest>[1]) => newsletterRequest(deps, req);

    app.get(
      '/:projectId/posts',
      {
        preValidation: signedIn,
        schema: { params: projectOnly, querystring: listQuery, response: { 200: wirePage } },
      },
      async (req) => listPosts(asked(req), req.query),
    );

    app.get(
      '/:projectId/posts/:postId',
      { preValidation: signedIn, schema: { params: postParams, response: { 200: postAnswer } } },
      async (req) => getPost(asked(req), req.params.postId),
    );

    app.post(
      '/:projectId/posts/:postId/read',
      {
        preValidation: signedIn,
        schema: {
          params: postParams,
          body: noBody,
          response: { 200: z.object({ read: z.literal(true) }) },
        },
      },
      async (req) => readPost(asked(req), req.params.postId),
    );

    app.get(
      '/:projectId/banner',
      { preValidation: signedIn, schema: { params: projectOnly, response: { 200: wireBanner } } },
      async (req) => readBanner(asked(req)),
    );

    app.post(
      '/:projectId/posts',
      {
        preValidation: writers,
        schema: { params: projectOnly, body: draftBody, response: { 200: postAnswer } },
      },
      async (req) => createPost(asked(req), req.body),
    );

    app.patch(
      '/:projectId/posts/:postId',
      {
        preValidation: writers,
        schema: { params: postParams, body: draftPatch, response: { 200: postAnswer } },
      },
      async (req) => editPost(asked(req), req.params.postId, req.body),
    );

    app.delete(
      '/:projectId/posts/:postId',
      {
        preValidation: writers,
        schema: { params: postParams, response: { 200: z.object({ postId: z.string() }) } },
      },
      async (req) => removePost(asked(req), req.params.postId),
    );

    app.post(
      '/:projectId/posts/:postId/send',
      {
        preValidation: writers,
        schema: { params: postParams, body: sendBody, response: { 200: postAnswer } },
      },
      async (req) => {
        const answer = await sendPost(asked(req), req.params.postId, req.body?.at);
        // A post sent now leaves from this process at once, not at its next look for jobs.
        req.server.jobs.wake();
        return answer;
      },
    );

    app.post(
      '/:projectId/posts/:postId/unschedule',
      {
        preValidation: writers,
        schema: { params: postParams, body: noBody, response: { 200: postAnswer } },
      },
      async (req) => unschedulePost(asked(req), req.params.postId),
    );

    app.post(
      '/:projectId/preview',
      {
        preValidation: writers,
        schema: { params: projectOnly, body: previewBody, response: { 200: wirePreview } },
      },
      async (req) => previewPost(deps, asked(req).troop, req.body),
    );

    app.get(
      '/:projectId/patrols',
      {
        preValidation: writers,
        schema: {
          params: projectOnly,
          response: { 200: z.object({ patrols: z.array(z.string()) }) },
        },
      },
      async (req) => ({ patrols: await troopPatrols(deps.store, asked(req).troop.id) }),
    );
  };
