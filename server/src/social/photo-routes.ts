/**
 * The feed's photos (docs/protocol.md, Social): POST /photos, one photo in a multipart body,
 * stored re-encoded in two sizes (photo-store.ts) until a post takes it; GET /scouts, the scouts
 * a poster may tag. Both for members who may post somewhere now (taggable-scouts.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@scout/protocol/social';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { projectParams, routeGuards } from '../http/route-guards.ts';
import {
  discardTempFile,
  multipartError,
  receiveUpload,
  type UploadPart,
} from '../storage/receive-upload.ts';
import { deleteUnusedPhotos, storeSocialPhoto } from './photo-store.ts';
import { socialRequest } from './request-context.ts';
import { requirePoster, taggableScouts } from './taggable-scouts.ts';

const uploadAnswer = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  thumbUrl: z.string(),
});

const scoutsAnswer = z.object({
  scouts: z.array(z.object({ scoutId: z.string(), name: z.string(), noPhotos: z.boolean() })),
});

/** The feed's own words for a photo over the limit, whichever check found it. */
function photoError(err: unknown): unknown {
  const known = err instanceof ApiError ? err : multipartError(err);
  if (known?.code === 'PAYLOAD_TOO_LARGE')
    return new ApiError('PAYLOAD_TOO_LARGE', SOCIAL_MESSAGES.photoTooLarge);
  return known ?? err;
}

export const socialPhotoRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    await plain.register(multipart, {
      // One file and nothing else. The parser stops counting at the limit + 1 byte.
      limits: {
        fileSize: SOCIAL_LIMITS.photoMaxBytes,
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
      '/:projectId/photos',
      {
        preValidation: [guards.project, guards.signedIn],
        config: { invalidInput: { message: SOCIAL_MESSAGES.photoNotImage } },
        schema: {
          params: projectParams,
          description:
            'multipart/form-data with one part, `file`: a PNG, JPEG, WebP or GIF photo. Stored re-encoded twice (upright, no metadata): at most 1600 px a side, and a thumbnail of at most 480 px. A post names it by `id`; a photo no post names within 24 hours is deleted. For members who may post somewhere.',
          consumes: ['multipart/form-data'],
          response: { 200: uploadAnswer },
        },
      },
      async (req) => {
        // Who is calling is settled before a single byte of the photo is read.
        const r = await socialRequest(deps, req);
        const uploader = requirePoster(r);
        if (!req.isMultipart())
          throw new ApiError('VALIDATION_ERROR', 'Send the photo as multipart/form-data');
        let received;
        try {
          received = await receiveUpload(req.parts() as AsyncIterable<UploadPart>, () =>
            deps.files.createTempFile(),
          );
        } catch (err) {
          throw photoError(err);
        }
        try {
          if (!received.tempFile)
            throw new ApiError('VALIDATION_ERROR', 'Send the photo in the field named "file"');
          // Before storing: a troop whose old photos cannot be cleaned stores no more.
          await deleteUnusedPhotos(deps, r.troop);
          return await storeSocialPhoto(deps, r.troop, uploader, received.tempFile, received.size);
        } catch (err) {
          throw photoError(err);
        } finally {
          await discardTempFile(received.tempFile);
        }
      },
    );

    app.get(
      '/:projectId/scouts',
      {
        preValidation: [guards.project, guards.signedIn],
        schema: {
          params: projectParams,
          description:
            "The troop's scouts a poster may tag in a photo: first name and last initial, and whether their household asked for no photos (a photo tagged with them waits for a leader). For members who may post somewhere.",
          response: { 200: scoutsAnswer },
        },
      },
      async (req) => {
        const r = await socialRequest(deps, req);
        requirePoster(r);
        return { scouts: await taggableScouts(deps.store, r.troop.id) };
      },
    );
  };
