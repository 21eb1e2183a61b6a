import type { FastifyPluginAsync } from 'fastify';
import type { ReadyDeps } from '../deps.ts';

export const socialFeedRoutes =
  (_deps: ReadyDeps): FastifyPluginAsync =>
  async () => {};
