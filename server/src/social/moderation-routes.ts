import type { FastifyPluginAsync } from 'fastify';
import type { ReadyDeps } from '../deps.ts';

export const socialModerationRoutes =
  (_deps: ReadyDeps): FastifyPluginAsync =>
  async () => {};
