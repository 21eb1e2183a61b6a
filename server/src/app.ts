/**
 * Builds the HTTP app from its dependencies. No side effects at import: main.ts wires real
 * services; tests complete an in-memory store and a manual clock (server/test/test-app.ts).
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import { JSON_BODY_MAX_BYTES } from '@scout/protocol/limits';
import type { ReadyDeps } from './deps.ts';
import { installApiDocs } from './http/api-docs.ts';
import { installCompression } from './http/compression.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { installJsonBody } from './http/json-body.ts';
import { installRequestLog } from './http/request-log.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { installSpa } from './http/spa.ts';
import { healthRoutes } from './http/health-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { sqlRoutes } from './admin/sql-routes.ts';
import { restRoutes } from './rest/routes.ts';
import { calendarRoutes } from './calendar/routes.ts';
import { rsvpRoutes } from './rsvps/routes.ts';
import { mailAnswerRoutes } from './rsvps/mail-answer-routes.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { setupRoutes } from './auth/setup-routes.ts';
import { recoveryRoutes } from './auth/recovery-routes.ts';
import { memberRoutes } from './members/routes.ts';
import { householdRoutes } from './households/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { providerRoutes } from './auth/providers/routes.ts';
import { aiRoutes } from './ai/routes.ts';
import { dataRoutes } from './web-data/routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { noticeRoutes } from './notices/routes.ts';
import { troopRoutes } from './troops/routes.ts';
import { volunteerRoutes } from './volunteer/routes.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { newsletterImageRoutes } from './newsletter/image-routes.ts';
import { socialRoutes } from './social/routes.ts';
import { createAppJobWorker } from './job-worker.ts';
import type { JobWorker } from './jobs/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job worker (jobs/worker.ts); tests run due jobs through it. */
    jobs: JobWorker;
  }
}

/** The API's version in the published OpenAPI document. */
const API_VERSION = '0.1.0';

/** The app over dependencies wiring.ts made ready (`openDeps`, or `completeDeps` in tests). */
export async function buildApp(deps: ReadyDeps): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: (deps.logger || undefined) as FastifyBaseLogger | undefined,
    // http/request-log.ts writes the one line per request, with secrets redacted.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_MAX_BYTES,
    trustProxy: deps.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Request ids are ours; a client-sent id header never reaches the logs unchecked.
    genReqId: () => crypto.randomUUID(),
  });

  installErrorHandling(app);
  installJsonBody(app);
  installSecurityHeaders(app, deps.config);
  installRequestLog(app);
  installCompression(app);
  await app.register(cors, {
    origin: [deps.config.publicUrl, ...deps.config.corsOrigins],
    credentials: false,
    // One string, not a list the plugin joins again on every request.
    exposedHeaders: 'Content-Range, Retry-After, X-Next-Cursor',
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
  });

  // Before any route, so every route is in the published contract.
  await installApiDocs(app, { version: API_VERSION, publicUrl: deps.config.publicUrl });
  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps), { prefix: '/api/auth' });
  await app.register(recoveryRoutes(deps), { prefix: '/api/auth' });
  await app.register(setupRoutes(deps), { prefix: '/api/auth' });
  await app.register(sqlRoutes(deps), { prefix: '/api/db' });
  await app.register(restRoutes(deps), { prefix: '/api/db' });
  await app.register(calendarRoutes(deps), { prefix: '/api/calendar' });
  await app.register(rsvpRoutes(deps), { prefix: '/api/calendar' });
  await app.register(mailAnswerRoutes(deps), { prefix: '/api/calendar' });
  await app.register(storageRoutes(deps), { prefix: '/api/storage' });
  await app.register(realtimeRoutes(deps), { prefix: '/api/realtime' });
  await app.register(notificationRoutes(deps), { prefix: '/api/notifications' });
  await app.register(noticeRoutes(deps), { prefix: '/api/notifications' });
  await app.register(memberRoutes(deps), { prefix: '/api/members' });
  await app.register(householdRoutes(deps), { prefix: '/api/households' });
  await app.register(aiRoutes(deps), { prefix: '/api/ai' });
  await app.register(dataRoutes(deps), { prefix: '/api/data' });
  await app.register(analyticsRoutes(deps), { prefix: '/api/analytics' });
  await app.register(troopRoutes(deps), { prefix: '/api/troops' });
  await app.register(volunteerRoutes(deps), { prefix: '/api/volunteer' });
  await app.register(newsletterRoutes(deps), { prefix: '/api/newsletter' });
  await app.register(newsletterImageRoutes(deps), { prefix: '/api/newsletter' });
  await app.register(socialRoutes(deps), { prefix: '/api/social' });
  await app.register(providerRoutes(deps));
  await installSpa(app, deps.config);
  // Every process sends due mail; closing the server waits for the job in progress.
  const jobs = createAppJobWorker(deps);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  // Mail still being sent finishes first; then the mailer's open connections end (mail/smtp.ts).
  app.addHook('onClose', async () => {
    await jobs.stop();
    await deps.mail.close?.();
  });
  // The browser closes with the app, unless the caller passed its own (deps.ts, webData).
  if (deps.browser !== deps.webData?.browser) app.addHook('onClose', () => deps.browser.close());
  return app;
}
