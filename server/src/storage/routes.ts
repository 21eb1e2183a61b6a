import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { STORAGE_MAX_BYTES } from '@scout/protocol/limits';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import {
  discardTempFile,
  multipartError,
  receiveUpload,
  type UploadPart,
} from './receive-upload.ts';
import {
  describeDownload,
  openStoredFile,
  removeFiles,
  storeUpload,
  storageActorOf,
  storageContextOf,
} from './storage-service.ts';

const invalidInput = { message: UI_MESSAGES.storageInvalid };

const downloadQuery = z.object({ path: z.string(), filename: z.string().optional() });
const downloadAnswer = z.object({
  downloadUrl: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number(),
});
const removeBody = z.object({
  paths: z.union([z.string().transform((p) => [p]), z.array(z.string()).min(1).max(1000)]),
});
const removeAnswer = z.object({ success: z.literal(true), removed: z.array(z.string()) });
const objectParams = projectParams.extend({ '*': z.string() });
const objectQuery = z.object({
  download: z.string().optional(),
  expires: z.string().optional(),
  sig: z.string().optional(),
});

/** File storage (docs/protocol.md, Storage), mounted at /api/storage. */
export const storageRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    // Each request works in its troop's storage (troop-files.ts).
    const ctxOf = (req: FastifyRequest) => storageContextOf(deps, troopOf(req));

    await plain.register(multipart, {
      // One file, a few small fields. The size limit stops counting at 50 MB + 1 byte.
      limits: {
        fileSize: STORAGE_MAX_BYTES,
        files: 1,
        fields: 8,
        fieldSize: 64 * 1024,
        parts: 12,
        headerPairs: 50,
      },
    });

    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    // Who is calling is settled before a single byte of a file is read.
    const member = [guards.project, guards.signedIn];

    app.post(
      '/:projectId/upload',
      {
        preValidation: member,
        config: { invalidInput },
        schema: {
          params: projectParams,
          description:
            'multipart/form-data: `file`, `path`, and `options` (JSON text, `{"upsert":true}`)',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ publicUrl: z.string() }) },
        },
      },
      async (req) => {
        const actor = storageActorOf(deps, callerOf(req));
        const ctx = ctxOf(req);
        if (!req.isMultipart()) throw new ApiError('VALIDATION_ERROR', UI_MESSAGES.storageInvalid);
        const received = await receiveUpload(req.parts() as AsyncIterable<UploadPart>, () =>
          ctx.files.createTempFile(),
        );
        try {
          return await storeUpload(ctx, actor, received);
        } catch (err) {
          throw multipartError(err) ?? err;
        } finally {
          await discardTempFile(received.tempFile);
        }
      },
    );

    app.get(
      '/:projectId/download',
      {
        preValidation: member,
        config: { invalidInput },
        schema: {
          params: projectParams,
          querystring: downloadQuery,
          response: { 200: downloadAnswer },
        },
      },
      async (req) =>
        describeDownload(
          ctxOf(req),
          storageActorOf(deps, callerOf(req)),
          req.query.path,
          req.query.filename,
        ),
    );

    app.delete(
      '/:projectId/remove',
      {
        preValidation: member,
        config: { invalidInput },
        schema: { params: projectParams, body: removeBody, response: { 200: removeAnswer } },
      },
      async (req) => ({
        success: true as const,
        removed: await removeFiles(ctxOf(req), storageActorOf(deps, callerOf(req)), req.body.paths),
      }),
    );

    // Public: a `publicUrl` is fetched with no Authorization header (docs/protocol.md, Storage).
    app.get(
      '/:projectId/object/*',
      {
        preValidation: guards.project,
        config: { invalidInput },
        schema: { params: objectParams, querystring: objectQuery },
      },
      async (req, reply) => {
        const { download, ...signature } = req.query;
        const file = await openStoredFile(ctxOf(req), req.params['*'], download, signature);
        if (req.headers['if-none-match'] === file.etag) {
          file.object.stream.destroy();
          return reply.code(304).headers({ ETag: file.etag, 'Cache-Control': 'no-cache' }).send();
        }
        return reply.headers(file.headers).send(file.object.stream);
      },
    );
  };
