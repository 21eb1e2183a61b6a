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
import { projectParams, routeGuards } from '../http/route-guards.ts';
import { oneFileLimits, withOneImage } from '../storage/one-image-upload.ts';
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

export const socialPhotoRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    await plain.register(multipart, {
      limits: oneFileLimits(SOCIAL_LIMITS.photoMaxBytes),
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
        const words = { what: 'photo', tooLarge: SOCIAL_MESSAGES.photoTooLarge };
        return withOneImage(req, deps.files, words, async (tempFile, size) => {
          // Before storing: a troop whose old photos cannot be cleaned stores no more.
          await deleteUnusedPhotos(deps, r.troop);
          return storeSocialPhoto(deps, r.troop, uploader, tempFile, size);
        });
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
