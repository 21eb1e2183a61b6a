import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    /** `ok` only when the database answers: a load balancer sends traffic on this. */
    app.get('/api/health', async () => {
      try {
        await deps.store.query('SELECT 1 AS ok');
      } catch {
        throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { status: 'ok' };
    });
  };
