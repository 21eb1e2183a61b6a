import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.ts';

export const authRoutes =
  (_deps: AppDeps): FastifyPluginAsync =>
  async () => {};
