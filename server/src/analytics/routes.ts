/**
 * Analytics: the SDK's event stream and the dashboard that reads it (docs/protocol.md, Analytics).
 *
 *   POST /api/analytics/:projectId/log   (public; per-address limit)  {events: [...]} -> {accepted, dropped}
 *   GET  /api/analytics/:projectId/stats (analytics.read)             ?period=&from=&to= -> dashboard figures
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ANALYTICS_LOG_REASONS, ANALYTICS_PERIODS } from '@scout/protocol/analytics';
import { ANALYTICS_BODY_MAX_BYTES } from '@scout/protocol/limits';
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { ReadyDeps } from '../deps.ts';
import { projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { OversizeBody, readCappedBody } from './capped-body.ts';
import { collectEvents } from './collect.ts';
import { createHourlyCounter } from './hourly-counts.ts';
import { analyticsStats } from './stats.ts';
import { scheduleAnalyticsPurge } from './retention.ts';

/** Any project id: one that names no troop of this server is answered 200 as well (collectEvents). */
const logParams = z.object({ projectId: z.string() });
const logAnswer = z.object({
  accepted: z.number().int(),
  dropped: z.number().int(),
  reason: z.enum(ANALYTICS_LOG_REASONS).optional(),
});

/**
 * Events are judged one by one in the handler (analytics/event-intake.ts), never by a schema
 * that would refuse the whole batch: a client resends a refused batch forever.
 */
const logBody = z
  .unknown()
  .describe(
    '{events: [{type, timestamp, session_id, pathname, referrer, screen_width, utm_*, ...custom}]}',
  );

const statsQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS).default('7d'),
  from: z.string().max(10).optional(),
  to: z.string().max(10).optional(),
});
const breakdownRows = z.array(z.object({ name: z.string(), count: z.number() }));
const statsAnswer = z.object({
  range: z.object({
    period: z.enum(ANALYTICS_PERIODS),
    from: z.string(),
    to: z.string(),
    timezone: z.string(),
    bucket: z.enum(['hour', 'day']),
  }),
  totals: z.object({
    visitors: z.number(),
    visits: z.number(),
    pageviews: z.number(),
    bounceRate: z.number(),
    visitDurationSeconds: z.number(),
  }),
  series: z.array(
    z.object({
      label: z.string(),
      visitors: z.number(),
      visits: z.number(),
      pageviews: z.number(),
    }),
  ),
  topPages: breakdownRows,
  entryPages: breakdownRows,
  channels: breakdownRows,
  referrers: breakdownRows,
  campaigns: breakdownRows,
  screenSizes: breakdownRows,
  customEvents: breakdownRows,
  liveVisitors: z.number(),
});

export const analyticsRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);

    const hourly = createHourlyCounter(deps.store, (err) =>
      app.log.error({ err }, 'analytics hourly counts could not be written'),
    );

    // Whatever the declared type (a beacon's Blob may carry any), the body is read as JSON.
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser(
      ['application/json', 'text/plain', '*'],
      readCappedBody(ANALYTICS_BODY_MAX_BYTES),
    );

    app.post(
      '/:projectId/log',
      {
        // No project guard: a batch sent to another project's address is answered 200 as all
        // dropped, since a client resends a refused batch forever (docs/decisions/030).
        schema: { params: logParams, body: logBody, response: { 200: logAnswer } },
      },
      async (req, reply) => {
        // The unread rest of an oversize body must not be taken for the next request.
        if (req.body instanceof OversizeBody) reply.header('connection', 'close');
        return collectEvents(deps, hourly, req, req.params.projectId, req.body);
      },
    );

    app.get(
      '/:projectId/stats',
      {
        // Who visited what is the troop's business, not every member's (docs/roles.md).
        preValidation: [
          guards.project,
          guards.permission(
            PERMISSIONS.analyticsRead,
            'Reading analytics needs the permission analytics.read (leaders and admins)',
          ),
        ],
        schema: { params: projectParams, querystring: statsQuery, response: { 200: statsAnswer } },
      },
      async (req) => {
        await hourly.flush();
        return analyticsStats(deps, troopOf(req), req.query);
      },
    );

    const stopPurge = scheduleAnalyticsPurge(deps, (err) =>
      app.log.error({ err }, 'analytics purge failed'),
    );
    app.addHook('onClose', async () => {
      stopPurge();
      await hourly.close();
    });
  };
