/**
 * The social feed's tables: social/routes.ts serves them under the youth-protection rules of
 * channel-rules.ts, never the Data API.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const socialTables: CapabilityTables = {
  serverOwned: [
    'social_settings',
    'social_posts',
    'social_comments',
    'social_photos',
    'social_photo_tags',
    'social_reactions',
    'social_reports',
  ],
};
