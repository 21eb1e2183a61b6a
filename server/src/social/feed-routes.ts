/**
 * The feed's routes (docs/protocol.md, Social), under `/api/social/:projectId`:
 *
 *   GET    /home                             -> WireSocialHome
 *   GET    /posts?channel=&cursor=&limit=    -> WireSocialPage (newest first)
 *   GET    /posts/:postId                    -> WireSocialThread (comments oldest first)
 *   POST   /posts SocialPostInput            -> {post}
 *   DELETE /posts/:postId                    -> {postId}     (its author)
 *   POST   /posts/:postId/comments {body}    -> {comment}
 *   DELETE /comments/:commentId              -> {commentId}  (its author)
 *   PUT    /posts/:postId/reactions/:reaction -> {reactions, myReactions}
 *   DELETE /posts/:postId/reactions/:reaction -> {reactions, myReactions}
 *   GET    /members?channel=                 -> {members}    (the channel's readers)
 *
 * Every answer follows channel-rules.ts through the request's roster (request-context.ts): an
 * item or channel the caller may not see is 404, never 403. The work is in feed-page.ts,
 * post-create.ts, post-delete.ts, comments.ts, reactions.ts and home.ts.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { routeGuards } from '../http/route-guards.ts';
import { createComment, deleteComment } from './comments.ts';
import { readPage, readThread } from './feed-page.ts';
import {
  commentAnswer,
  commentBody,
  commentParams,
  membersAnswer,
  membersQuery,
  noBody,
  pageQuery,
  postAnswer,
  postBody,
  postParams,
  projectOnly,
  reactionParams,
  reactionsAnswer,
  wireSocialHome,
  wireSocialPage,
  wireSocialThread,
} from './feed-schemas.ts';
import { channelMembers, readHome } from './home.ts';
import { createPost } from './post-create.ts';
import { deletePost } from './post-delete.ts';
import { setReaction } from './reactions.ts';
import { socialRequest } from './request-context.ts';

export const socialFeedRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const preValidation = [guards.project, guards.signedIn];
    const asked = (req: FastifyRequest) => socialRequest(deps, req);

    app.get(
      '/:projectId/home',
      { preValidation, schema: { params: projectOnly, response: { 200: wireSocialHome } } },
      async (req) => readHome(await asked(req)),
    );

    app.get(
      '/:projectId/posts',
      {
        preValidation,
        schema: { params: projectOnly, querystring: pageQuery, response: { 200: wireSocialPage } },
      },
      async (req) => readPage(await asked(req), req.query),
    );

    app.get(
      '/:projectId/posts/:postId',
      { preValidation, schema: { params: postParams, response: { 200: wireSocialThread } } },
      async (req) => readThread(await asked(req), req.params.postId),
    );

    app.post(
      '/:projectId/posts',
      {
        preValidation,
        schema: { params: projectOnly, body: postBody, response: { 200: postAnswer } },
      },
      async (req) => createPost(await asked(req), req.body),
    );

    app.delete(
      '/:projectId/posts/:postId',
      {
        preValidation,
        schema: { params: postParams, response: { 200: z.object({ postId: z.string() }) } },
      },
      async (req) => deletePost(await asked(req), req.params.postId),
    );

    app.post(
      '/:projectId/posts/:postId/comments',
      {
        preValidation,
        schema: { params: postParams, body: commentBody, response: { 200: commentAnswer } },
      },
      async (req) => createComment(await asked(req), req.params.postId, req.body),
    );

    app.delete(
      '/:projectId/comments/:commentId',
      {
        preValidation,
        schema: { params: commentParams, response: { 200: z.object({ commentId: z.string() }) } },
      },
      async (req) => deleteComment(await asked(req), req.params.commentId),
    );

    for (const [method, on] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const)
      app.route({
        method,
        url: '/:projectId/posts/:postId/reactions/:reaction',
        preValidation,
        schema: {
          params: reactionParams,
          ...(on ? { body: noBody } : {}),
          response: { 200: reactionsAnswer },
        },
        handler: async (req) =>
          setReaction(await asked(req), req.params.postId, req.params.reaction, on),
      });

    app.get(
      '/:projectId/members',
      {
        preValidation,
        schema: {
          params: projectOnly,
          querystring: membersQuery,
          response: { 200: membersAnswer },
        },
      },
      async (req) => channelMembers(await asked(req), req.query.channel),
    );
  };
