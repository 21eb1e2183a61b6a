/**
 * POST /api/newsletter/:projectId/images (docs/protocol.md, Newsletter): a writer's photo for a
 * post, one file in a multipart body, stored re-encoded in the troop's storage (images.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEWSLETTER_IMAGE_MAX_BYTES,
  NEWSLETTER_IMAGE_NOT_IMAGE,
  NEWSLETTER_IMAGE_TOO_LARGE,
} from '@scout/protocol/newsletter';
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { ReadyDeps } from '../deps.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { oneFileLimits, withOneImage } from '../storage/one-image-upload.ts';
import { storageContextOf } from '../storage/storage-context.ts';
import { storeNewsletterImage } from './images.ts';

const imageAnswer = z.object({ src: z.string(), width: z.number(), height: z.number() });

export const newsletterImageRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    await plain.register(multipart, {
      limits: oneFileLimits(NEWSLETTER_IMAGE_MAX_BYTES),
    });
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);

    app.post(
      '/:projectId/images',
      {
        // Who is calling is settled before a single byte of the file is read.
        preValidation: [guards.project, guards.permission(PERMISSIONS.newsletterWrite)],
        config: { invalidInput: { message: NEWSLETTER_IMAGE_NOT_IMAGE } },
        schema: {
          params: projectParams,
          description:
            'multipart/form-data with one part, `file`: a PNG, JPEG, WebP or GIF image. Stored re-encoded (upright, at most 1600 x 1600, no metadata) in the troop area; `src` is the address a post names it by.',
          consumes: ['multipart/form-data'],
          response: { 200: imageAnswer },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const ctx = storageContextOf(deps, troopOf(req));
        const words = { what: 'image', tooLarge: NEWSLETTER_IMAGE_TOO_LARGE };
        return withOneImage(req, ctx.files, words, (tempFile, size) =>
          storeNewsletterImage(ctx, caller.kind === 'user' ? caller.userId : null, tempFile, size),
        );
      },
    );
  };
