import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { STORAGE_MAX_BYTES } from '@scout/protocol/limits';
import type { ReadyDeps } from '../deps.ts';
import { badRequest } from '../errors.ts';
import { assertProject, requireCaller, type Caller } from '../http/caller.ts';
import type { StorageActor } from './paths.ts';
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
  type StorageContext,
} from './storage-service.ts';

type ProjectParams = { Params: { projectId: string } };

const removeBody = z.object({
  paths: z.union([z.string().transform((p) => [p]), z.array(z.string()).min(1).max(1000)]),
});

const actorOf = (caller: Exclude<Caller, { kind: 'anonymous' }>): StorageActor =>
  caller.kind === 'service'
    ? { kind: 'service' }
    : { kind: 'user', userId: caller.userId, admin: caller.role === 'admin' };

/** File storage (docs/protocol.md, Storage), mounted at /api/storage. */
export const storageRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (app) => {
    const ctx: StorageContext = {
      store: deps.store,
      files: deps.files,
      now: () => deps.clock.now(),
      publicUrl: deps.config.publicUrl,
      projectId: deps.config.projectId,
    };

    await app.register(multipart, {
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

    app.post<ProjectParams>('/:projectId/upload', upload);
    app.get<ProjectParams & { Querystring: Record<string, unknown> }>(
      '/:projectId/download',
      download,
    );
    app.delete<ProjectParams>('/:projectId/remove', remove);
    app.get<ProjectParams & { Params: { '*': string }; Querystring: Record<string, unknown> }>(
      '/:projectId/object/*',
      serve,
    );

    async function upload(req: FastifyRequest<ProjectParams>) {
      assertProject(deps, req.params.projectId);
      // Who is calling is settled before a single byte of the file is read.
      const actor = actorOf(await requireCaller(deps, req));
      if (!req.isMultipart()) throw badRequest(UI_MESSAGES.storageInvalid);
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
    }

    async function download(
      req: FastifyRequest<ProjectParams & { Querystring: Record<string, unknown> }>,
    ) {
      assertProject(deps, req.params.projectId);
      await requireCaller(deps, req);
      return describeDownload(ctx, req.query.path, req.query.filename);
    }

    async function remove(req: FastifyRequest<ProjectParams>) {
      assertProject(deps, req.params.projectId);
      const actor = actorOf(await requireCaller(deps, req));
      const body = removeBody.safeParse(req.body ?? {});
      if (!body.success) throw badRequest(UI_MESSAGES.storageInvalid);
      const removed = await removeFiles(ctx, actor, body.data.paths);
      return { success: true, removed };
    }

    async function serve(
      req: FastifyRequest<
        ProjectParams & { Params: { '*': string }; Querystring: Record<string, unknown> }
      >,
      reply: FastifyReply,
    ) {
      assertProject(deps, req.params.projectId);
      const file = await openStoredFile(ctx, req.params['*'], req.query.download);
      if (req.headers['if-none-match'] === file.etag) {
        file.object.stream.destroy();
        return reply.code(304).headers({ ETag: file.etag, 'Cache-Control': 'no-cache' }).send();
      }
      return reply.headers(file.headers).send(file.object.stream);
    }
  };
