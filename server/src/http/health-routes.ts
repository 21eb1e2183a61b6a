import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';

export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const healthy = z.object({ status: z.literal('ok') });
    /** `ok` only when the database answers: a load balancer sends traffic on this. */
    app.get('/api/health', { schema: { response: { 200: healthy } } }, async () => {
      try {
        await deps.store.query('SELECT 1 AS ok');
      } catch {
        throw new ApiError('SERVICE_UNAVAILABLE', 'Database unavailable');
      }
      return { status: 'ok' as const };
    });
  };
