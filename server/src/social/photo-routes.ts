import type { FastifyPluginAsync } from 'fastify';
import type { ReadyDeps } from '../deps.ts';

export const socialPhotoRoutes =
  (_deps: ReadyDeps): FastifyPluginAsync =>
  async () => {};
