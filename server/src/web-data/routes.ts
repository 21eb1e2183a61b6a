/**
 * Web data (docs/protocol.md, Web data): text out of pages and files, page captures, requests to
 * other sites and web search, for members holding `data.use` (leaders and admins by default).
 * Every outgoing request passes the address policy (docs/decisions/035-outbound-address-policy.md).
 *
 *   POST /api/data/:projectId/extract-from-url   {url, chunking?, chunkSize?} -> {text} | {chunks}
 *   POST /api/data/:projectId/extract-from-blob  multipart: file, chunking?, chunkSize? -> {text} | {chunks}
 *   POST /api/data/:projectId/scrape      {url, formats?} -> {markdown?, html?, links?, extract?, metadata?}
 *   POST /api/data/:projectId/screenshot  {url, fullPage?, width?, height?} -> {url} of a stored PNG
 *   POST /api/data/:projectId/fetch    {url, method?, headers?, body?, query?, async?}
 *        -> 200 {status, headers, body, durationMs} | {status: 'triggered', message}
 *   POST /api/data/:projectId/search   {q, location?, hl?, tbm?, num?} -> {organic_results, ...}
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATA_EXTRACT_MAX_BYTES } from '@scout/protocol/limits';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { hitRateLimit } from '../auth/rate-limits.ts';
import type { ReadyDeps } from '../deps.ts';
import { callerOf, projectParams, routeGuards } from '../http/route-guards.ts';
import {
  extractAnswerSchema,
  extractFromBlob,
  extractFromUrl,
  extractUrlRequest,
} from './extract-call.ts';
import { fetchAnswer, fetchRequest, runFetch } from './fetch-call.ts';
import { runSearch, searchAnswer, searchRequest } from './search.ts';
import { webDataContext } from './web-data-context.ts';
import {
  runScrape,
  runScreenshot,
  scrapeRequest,
  screenshotAnswer,
  screenshotRequest,
} from './capture.ts';
import { scrapeAnswer } from './scrape-formats.ts';
import { storageActorOf, storageContextOf } from '../storage/storage-service.ts';

export const dataRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    await plain.register(multipart, {
      limits: {
        fileSize: DATA_EXTRACT_MAX_BYTES,
        files: 1,
        fields: 4,
        fieldSize: 1024,
        parts: 6,
        headerPairs: 50,
      },
    });
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const ctx = webDataContext(deps);
    // One browser per process (wiring.ts), launched on the first scrape or screenshot.
    const pool = deps.browser;
    const storage = storageContextOf(deps);

    // Counted per member (or service key) across every web-data call, before the input is read.
    const rateLimit: preValidationAsyncHookHandler = async (req) => {
      const caller = callerOf(req);
      if (caller.kind === 'service')
        await hitRateLimit(deps, `data:key:${caller.keyId}`, ctx.serviceLimit);
      else await hitRateLimit(deps, `data:user:${caller.userId}`, ctx.memberLimit);
    };
    const allowed = [
      guards.project,
      guards.permission(
        PERMISSIONS.dataUse,
        'Web data needs the permission data.use (leaders and admins)',
      ),
      rateLimit,
    ];

    app.post(
      '/:projectId/extract-from-url',
      {
        preValidation: allowed,
        schema: {
          params: projectParams,
          body: extractUrlRequest,
          response: { 200: extractAnswerSchema },
        },
      },
      async (req) => extractFromUrl(ctx, req.body),
    );

    app.post(
      '/:projectId/extract-from-blob',
      {
        preValidation: allowed,
        schema: {
          params: projectParams,
          description: 'multipart/form-data: `file`, and optionally `chunking` and `chunkSize`',
          consumes: ['multipart/form-data'],
          response: { 200: extractAnswerSchema },
        },
      },
      async (req) => extractFromBlob(req.isMultipart(), () => req.parts()),
    );

    app.post(
      '/:projectId/fetch',
      {
        preValidation: allowed,
        schema: { params: projectParams, body: fetchRequest, response: { 200: fetchAnswer } },
      },
      async (req) => runFetch(ctx, req.body, req.log),
    );

    app.post(
      '/:projectId/search',
      {
        preValidation: allowed,
        schema: { params: projectParams, body: searchRequest, response: { 200: searchAnswer } },
      },
      async (req) => runSearch(ctx.searchUrl, ctx.searchClient, ctx.timeoutMs, req.body),
    );

    app.post(
      '/:projectId/scrape',
      {
        preValidation: allowed,
        schema: { params: projectParams, body: scrapeRequest, response: { 200: scrapeAnswer } },
      },
      async (req) => runScrape(ctx, pool, req.log, req.body),
    );

    app.post(
      '/:projectId/screenshot',
      {
        preValidation: allowed,
        schema: {
          params: projectParams,
          body: screenshotRequest,
          response: { 200: screenshotAnswer },
        },
      },
      async (req) =>
        runScreenshot(ctx, pool, storage, storageActorOf(deps, callerOf(req)), req.log, req.body),
    );
  };
