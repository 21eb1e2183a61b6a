/**
 * The AI gateway (docs/protocol.md, AI), mounted at /api/ai. Every route needs `ai.use`
 * (leaders and admins by default, docs/roles.md); a capability without a provider answers
 * 503 AI_NOT_CONFIGURED before its input is looked at.
 *
 *   POST /api/ai/:projectId/text        {prompt|messages, stream?, streamFormat?, ...} -> {text, finishReason, usage}
 *                                        or the dual-format event stream (older lines alone on request)
 *   POST /api/ai/:projectId/object      {prompt, schema?, enum?, output?, stream?} -> {object, finishReason, usage}
 *                                        or `2:` lines / the growing JSON text
 *   POST /api/ai/:projectId/image       {prompt, n?, size?, images?} -> {created, data: [{url}]}
 *   POST /api/ai/:projectId/speech      {text, voice?, response_format?, speed?} -> {url, voice, format, mimeType}
 *   POST /api/ai/:projectId/transcribe  {audio, language?, response_format?} -> {text, language?, duration?, segments?}
 *   GET  /api/ai/:projectId/usage       (ai.usage.read: admins) ?days= -> {since, usage: [...]}
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ObjectStreamFormat, TextStreamFormat } from '@scout/protocol/ai-streams';
import { PERMISSIONS } from '@scout/protocol/permissions';
import {
  AI_BODY_MAX_BYTES,
  AI_MEDIA_FETCH_TIMEOUT_MS,
  AI_TRANSCRIBE_BODY_MAX_BYTES,
} from '@scout/protocol/limits';
import type { ReadyDeps } from '../deps.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import type { Troop } from '../store/tenancy.ts';
import type { AiCapability, AiConfig } from './ai-config.ts';
import type { AiCall, AiContext } from './ai-context.ts';
import { createAiMeter, type AiMeters } from './meter.ts';
import { createAiProvider } from './provider.ts';
import { generateText, streamText } from './text.ts';
import { objectAnswer, objectRequest, textAnswer, textRequest } from './text-schemas.ts';
import { generateObject, streamObject } from './object.ts';
import { generateImage, generateSpeech } from './media.ts';
import { transcribeAudio } from './transcribe.ts';
import {
  imageAnswer,
  imageRequest,
  speechAnswer,
  speechRequest,
  transcribeAnswer,
  transcribeRequest,
} from './media-schemas.ts';
import { readUsage, usageAnswer, usageQuery } from './usage-report.ts';
import { storageContextOf } from '../storage/storage-service.ts';
import { parseAllowList, type AllowEntry } from '../web-data/address-policy.ts';
import { createOutboundClient } from '../web-data/outbound-client.ts';

const NEEDS_AI_USE = 'Using AI needs the permission ai.use (leaders and admins)';

/** The call's caller, and a signal that fires when the client goes away before the answer ends. */
function callOf(req: FastifyRequest, reply: FastifyReply): AiCall {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return { caller: callerOf(req), clientGone: gone.signal, log: req.log };
}

const STREAM_HEADERS = {
  'cache-control': 'no-cache, no-transform',
  // Proxies such as nginx buffer answers unless told not to; a stream must flow.
  'x-accel-buffering': 'no',
};

/** The headers of each stream format (docs/protocol.md, AI streams). */
const FORMAT_HEADERS: Record<TextStreamFormat | ObjectStreamFormat, Record<string, string>> = {
  // Both generations' framings in one event stream.
  both: {
    ...STREAM_HEADERS,
    'content-type': 'text/event-stream; charset=utf-8',
    'x-vercel-ai-data-stream': 'v1',
    'x-vercel-ai-ui-message-stream': 'v1',
  },
  // The older generation's lines alone, as its servers sent them.
  lines: {
    ...STREAM_HEADERS,
    'content-type': 'text/plain; charset=utf-8',
    'x-vercel-ai-data-stream': 'v1',
  },
  // An object's JSON text as it grows.
  text: { ...STREAM_HEADERS, 'content-type': 'text/plain; charset=utf-8' },
};

/** An answer sent as it comes, in a stream format. */
class Streamed {
  constructor(
    readonly stream: Readable,
    readonly format: TextStreamFormat | ObjectStreamFormat,
  ) {}
}

/** One capability's route: what it spends, its body bound, its schemas, and what answers it. */
interface CapabilityRoute<
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
> {
  path: string;
  capability: AiCapability;
  body: Body;
  answer: Answer;
  bodyLimit?: number;
  answerWith: (
    ctx: AiContext,
    call: AiCall,
    body: z.output<Body>,
  ) => Promise<z.output<Answer> | Streamed>;
}

const capabilityRoute = <Body extends z.ZodType, Answer extends z.ZodType>(
  route: CapabilityRoute<Body, Answer>,
) => route as unknown as CapabilityRoute;

/** The capability routes, each answered whole or, when the body asks, as a stream. */
const capabilityRoutes = (ai: AiConfig): CapabilityRoute[] => [
  capabilityRoute({
    path: 'text',
    capability: 'text',
    body: textRequest,
    answer: textAnswer,
    answerWith: async (ctx, call, body) => {
      if (!body.stream) return generateText(ctx, call, body);
      const format = body.streamFormat ?? 'both';
      return new Streamed(await streamText(ctx, call, body, format), format);
    },
  }),
  capabilityRoute({
    path: 'object',
    capability: 'text',
    body: objectRequest,
    answer: objectAnswer,
    answerWith: async (ctx, call, body) => {
      const format = body.streamFormat ?? ai.objectStream;
      return body.stream
        ? new Streamed(await streamObject(ctx, call, body, format), format)
        : generateObject(ctx, call, body);
    },
  }),
  capabilityRoute({
    path: 'image',
    capability: 'image',
    body: imageRequest,
    answer: imageAnswer,
    answerWith: (ctx, call, body) => generateImage(ctx, call, body),
  }),
  capabilityRoute({
    path: 'speech',
    capability: 'speech',
    body: speechRequest,
    answer: speechAnswer,
    answerWith: (ctx, call, body) => generateSpeech(ctx, call, body),
  }),
  capabilityRoute({
    path: 'transcribe',
    capability: 'transcribe',
    body: transcribeRequest,
    answer: transcribeAnswer,
    // Audio travels in the body: its own, larger bound.
    bodyLimit: AI_TRANSCRIBE_BODY_MAX_BYTES,
    answerWith: (ctx, call, body) => transcribeAudio(ctx, call, body),
  }),
];

export const aiRoutes =
  (deps: ReadyDeps, shared: AiShared = aiShared(deps)): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);

    for (const route of capabilityRoutes(deps.config.ai)) {
      app.post(
        `/:projectId/${route.path}`,
        {
          preValidation: [
            guards.project,
            guards.permission(PERMISSIONS.aiUse, NEEDS_AI_USE),
            async () => shared.provider.assertConfigured(route.capability),
          ],
          bodyLimit: route.bodyLimit ?? AI_BODY_MAX_BYTES,
          schema: { params: projectParams, body: route.body, response: { 200: route.answer } },
        },
        async (req, reply) => {
          const ctx = aiContext(deps, shared, troopOf(req));
          const answer = await route.answerWith(ctx, callOf(req, reply), req.body);
          if (!(answer instanceof Streamed)) return answer;
          // Fastify sends a stream as it is: the response schema serialises whole answers only.
          return reply.headers(FORMAT_HEADERS[answer.format]).send(answer.stream);
        },
      );
    }

    app.get(
      '/:projectId/usage',
      {
        preValidation: [
          guards.project,
          guards.permission(
            PERMISSIONS.aiUsageRead,
            'Reading AI usage needs the permission ai.usage.read (admins)',
          ),
        ],
        schema: { params: projectParams, querystring: usageQuery, response: { 200: usageAnswer } },
      },
      async (req) => readUsage(deps.store, troopOf(req).id, deps.clock.now(), req.query.days),
    );
  };

/** The hosts of the configured providers, as entries of an allow list. */
function providerHosts(ai: AiConfig): AllowEntry[] {
  const hosts = Object.values(ai.providers).map((p) => new URL(p.baseUrl).hostname);
  return parseAllowList([...new Set(hosts)].map((h) => h.replace(/^\[|\]$/g, '')));
}

/** What the troops' AI calls share: the provider, the meters' counts and the outbound reads. */
export type AiShared = Omit<AiContext, 'meter' | 'storage'> & { meters: AiMeters };

/**
 * A request's AI context: its troop's meter and storage (docs/decisions/065-troops.md), so what
 * a troop spends and the files it makes are its own.
 */
export const aiContext = (
  deps: ReadyDeps,
  { meters, ...shared }: AiShared,
  troop: Pick<Troop, 'id' | 'projectId'>,
): AiContext => ({
  ...shared,
  meter: meters.of(troop.id),
  storage: storageContextOf(deps, troop),
});

export function aiShared(deps: ReadyDeps): AiShared {
  const checked = (allow: readonly AllowEntry[]) =>
    createOutboundClient({
      allow,
      ...(deps.webData?.resolver ? { resolver: deps.webData.resolver } : {}),
      ...(deps.webData?.connector ? { connector: deps.webData.connector } : {}),
    });
  return {
    provider: createAiProvider(deps.config.ai),
    meters: createAiMeter({
      store: deps.store,
      now: () => deps.clock.now(),
      config: deps.config.ai,
    }),
    // The web-data gateway's address policy and allow list; tests pass their resolver,
    // connector and a shorter deadline as they do for web data.
    remote: {
      client: checked(deps.config.dataAllowPrivateHosts),
      providerLinks: checked([
        ...deps.config.dataAllowPrivateHosts,
        ...providerHosts(deps.config.ai),
      ]),
      timeoutMs: deps.webData?.timeoutMs ?? AI_MEDIA_FETCH_TIMEOUT_MS,
    },
  };
}
