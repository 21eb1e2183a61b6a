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
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import {
  discardTempFile,
  multipartError,
  receiveUpload,
  type UploadPart,
} from '../storage/receive-upload.ts';
import { storageContextOf } from '../storage/storage-context.ts';
import { storeNewsletterImage } from './images.ts';

const imageAnswer = z.object({ src: z.string(), width: z.number(), height: z.number() });

/** The upload's own words for a file over the limit, whichever check found it. */
function imageError(err: unknown): unknown {
  const known = err instanceof ApiError ? err : multipartError(err);
  if (known?.code === 'PAYLOAD_TOO_LARGE')
    return new ApiError('PAYLOAD_TOO_LARGE', NEWSLETTER_IMAGE_TOO_LARGE);
  return known ?? err;
}

export const newsletterImageRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    await plain.register(multipart, {
      // One file and nothing else. The parser stops counting at the limit + 1 byte.
      limits: {
        fileSize: NEWSLETTER_IMAGE_MAX_BYTES,
        files: 1,
        fields: 2,
        fieldSize: 1024,
        parts: 3,
        headerPairs: 50,
      },
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
        if (!req.isMultipart())
          throw new ApiError('VALIDATION_ERROR', 'Send the image as multipart/form-data');
        const caller = callerOf(req);
        const ctx = storageContextOf(deps, troopOf(req));
        let received;
        try {
          received = await receiveUpload(req.parts() as AsyncIterable<UploadPart>, () =>
            ctx.files.createTempFile(),
          );
        } catch (err) {
          throw imageError(err);
        }
        try {
          if (!received.tempFile)
            throw new ApiError('VALIDATION_ERROR', 'Send the image in the field named "file"');
          return await storeNewsletterImage(
            ctx,
            caller.kind === 'user' ? caller.userId : null,
            received.tempFile,
            received.size,
          );
        } catch (err) {
          throw imageError(err);
        } finally {
          await discardTempFile(received.tempFile);
        }
      },
    );
  };
