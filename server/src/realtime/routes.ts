/**
 * Realtime over HTTP: the WebSocket upgrade on /api/realtime/ws and the REST calls of docs/protocol.md.
 *
 *   GET  /api/realtime/ws?project_id=                WebSocket (socket.ts speaks the frames)
 *   POST /api/realtime/{projectId}/publish           {channel, type, data, metadata?} -> {messageId}
 *   GET  /api/realtime/{projectId}/presence?channel= -> {users}
 *   GET  /api/realtime/{projectId}/messages?channel=&limit=&start=&end= -> {messages}
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { hitRateLimit } from '../auth/rate-limits.ts';
import { checkSession } from '../auth/session-check.ts';
import { assertActiveMember, resolveCaller, resolveCredential } from '../http/caller.ts';
import { SESSION_ENDED } from '../auth/credentials.ts';
import { projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import {
  CHANNEL_PATTERN,
  SERVER_OWNED_MESSAGE,
  anonymousMayUse,
  isServerOwnedChannel,
} from './channel-access.ts';
import { MAX_FRAME_BYTES } from './frames.ts';
import { mayHear } from './feed-listeners.ts';
import { NOT_ADMITTED } from './hub.ts';
import { parseRangeBound } from './message-ids.ts';
import { FRAME_BURST, FRAMES_PER_SECOND, type Identity } from './socket.ts';
import { asSeenByClient, channelKey } from './troop-channels.ts';
import { installUpgrade } from './ws-upgrade.ts';

const MESSAGES_DEFAULT_LIMIT = 50;
const MESSAGES_MAX_LIMIT = 1000;

/** Older clients encode query values twice (`%253A`); decode once more when that is what we got. */
const decodedTwice = (v: unknown) => {
  if (typeof v !== 'string' || !/%[0-9A-Fa-f]{2}/.test(v)) return v;
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

const channel = z.preprocess(
  decodedTwice,
  z.string().regex(CHANNEL_PATTERN, 'must be 1-128 letters, digits, _ : . or -'),
);
const bound = z.preprocess(decodedTwice, z.string().max(40).optional());
const publishBody = z.object({
  channel,
  type: z.string().min(1).max(128),
  data: z.unknown().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
const published = z.object({ messageId: z.string() });
const presenceQuery = z.object({ channel });
const presenceAnswer = z.object({
  users: z.array(
    z.object({
      userId: z.string(),
      metadata: z.unknown().optional(),
      joinedAt: z.number(),
      lastSeen: z.number(),
    }),
  ),
});
const messagesQuery = z.object({
  channel,
  limit: z.coerce.number().int().min(1).max(MESSAGES_MAX_LIMIT).optional(),
  start: bound,
  end: bound,
});
const messagesAnswer = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      channel: z.string(),
      type: z.string(),
      data: z.unknown(),
      timestamp: z.number(),
      userId: z.string().optional(),
      metadata: z.unknown().optional(),
    }),
  ),
});

export const realtimeRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const hub = deps.realtime;
    const { project } = routeGuards(deps);

    const publishRoute = {
      preValidation: project,
      schema: { params: projectParams, body: publishBody, response: { 200: published } },
    };
    app.post('/:projectId/publish', publishRoute, async (req) => {
      const body = req.body;
      const caller = await authorize(req, body.channel);
      if (isServerOwnedChannel(body.channel)) throw new ApiError('FORBIDDEN', SERVER_OWNED_MESSAGE);
      // The socket's own limit (socket.ts: 50 a second, bursts of 100), counted in the database
      // so every server process shares it.
      const who =
        caller.kind === 'user'
          ? `user:${caller.userId}`
          : caller.kind === 'service'
            ? `key:${caller.keyId}`
            : `addr:${req.ip}`;
      await hitRateLimit(deps, `realtime:publish:${who}`, {
        limit: FRAME_BURST,
        windowMs: (FRAME_BURST / FRAMES_PER_SECOND) * 1000,
      });
      if (JSON.stringify([body.data ?? null, body.metadata ?? null]).length > MAX_FRAME_BYTES) {
        throw new ApiError('PAYLOAD_TOO_LARGE', `Messages are limited to ${MAX_FRAME_BYTES} bytes`);
      }
      const message = await hub.publish(channelKey(troopOf(req).id, body.channel), {
        type: body.type,
        data: body.data,
        ...(caller.kind === 'user' ? { userId: caller.userId } : {}),
        ...(body.metadata ? { metadata: body.metadata } : {}),
      });
      return { messageId: message.id };
    });

    const query = <Q, A>(querystring: Q, answer: A) => ({
      preValidation: project,
      schema: { params: projectParams, querystring, response: { 200: answer } },
    });

    app.get('/:projectId/presence', query(presenceQuery, presenceAnswer), async (req) => {
      const q = req.query;
      await authorize(req, q.channel);
      return { users: await hub.presence(channelKey(troopOf(req).id, q.channel)) };
    });

    app.get('/:projectId/messages', query(messagesQuery, messagesAnswer), async (req) => {
      const q = req.query;
      await authorize(req, q.channel);
      const start = parseRangeBound(q.start);
      const end = parseRangeBound(q.end);
      if (!start || !end)
        throw new ApiError('VALIDATION_ERROR', 'start and end must be message ids, - or +');
      const key = channelKey(troopOf(req).id, q.channel);
      const messages = await hub.history(key, {
        start,
        end,
        limit: q.limit ?? MESSAGES_DEFAULT_LIMIT,
      });
      return { messages: messages.map(asSeenByClient) };
    });

    app.get('/ws', async () => {
      throw new ApiError('UPGRADE_REQUIRED', 'Connect with a WebSocket upgrade');
    });

    async function authorize(req: FastifyRequest, ch: string) {
      const caller = await resolveCaller(deps, req);
      if (caller.kind === 'anonymous' && !anonymousMayUse(deps.config, ch))
        throw new ApiError('UNAUTHORIZED', 'Sign in to use this channel');
      assertActiveMember(caller);
      if (caller.kind !== 'anonymous' && !mayHear(deps.config.roles, caller, ch))
        throw new ApiError('FORBIDDEN', NOT_ADMITTED);
      // Whom the hub's admission lets listen (a social channel's readers), as for a socket.
      if (
        caller.kind === 'user' &&
        !(await hub.admits(channelKey(troopOf(req).id, ch), caller.userId))
      )
        throw new ApiError('FORBIDDEN', NOT_ADMITTED);
      return caller;
    }

    installUpgrade(app.server, app.addHook.bind(app), {
      hub,
      config: deps.config,
      clock: deps.clock,
      logger: app.log,
      troops: deps.troops,
      // A member of the socket's troop: anyone else is refused as an unknown project is
      // (auth/credentials.ts), so nothing says the troop exists.
      authenticate: async (token, troopId): Promise<Identity> => {
        const caller = await resolveCredential(deps, token, troopId);
        assertActiveMember(caller);
        if (caller.kind === 'user') {
          const sid = caller.sessionId;
          // Asked every few seconds and before a message goes to a socket not checked lately:
          // a deleted, suspended or signed-out account's socket closes within seconds.
          const recheck = async (): Promise<ApiError | null> => {
            const state = await checkSession(deps.store, caller.userId, sid, troopId);
            if (!state.ok)
              return state.reason === 'account'
                ? new ApiError('TOKEN_EXPIRED', 'This account no longer exists')
                : state.reason === 'troop'
                  ? new ApiError('PROJECT_NOT_FOUND')
                  : new ApiError('TOKEN_EXPIRED', SESSION_ENDED);
            if (state.status !== 'active')
              return new ApiError(
                state.status === 'pending' ? 'ACCOUNT_PENDING' : 'ACCOUNT_SUSPENDED',
              );
            return null;
          };
          return { kind: 'user', userId: caller.userId, recheck };
        }
        if (caller.kind === 'service')
          return { kind: 'service', userId: `service_${caller.keyId}` };
        throw new ApiError('UNAUTHORIZED', 'Invalid access token');
      },
    });
  };
