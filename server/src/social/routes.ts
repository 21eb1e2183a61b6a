/**
 * The troop's social feed (docs/protocol.md, Social; docs/decisions/090-social-feed.md), under
 * `/api/social/:projectId`. Its three route tables: the feed itself (feed-routes.ts), photos
 * (photo-routes.ts) and moderation (moderation-routes.ts). Every answer follows the rules of
 * channel-rules.ts: an item the caller may not see is 404, never 403.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ReadyDeps } from '../deps.ts';
import { socialFeedRoutes } from './feed-routes.ts';
import { socialModerationRoutes } from './moderation-routes.ts';
import { socialPhotoRoutes } from './photo-routes.ts';

export const socialRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (app) => {
    await app.register(socialFeedRoutes(deps));
    await app.register(socialPhotoRoutes(deps));
    await app.register(socialModerationRoutes(deps));
  };
