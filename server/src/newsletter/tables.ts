/**
 * Newsletters and announcements: newsletter/routes.ts serves them under the audience rules of
 * docs/decisions/081-newsletter-posts.md, never the Data API.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const newsletterTables: CapabilityTables = {
  serverOwned: ['newsletter_posts', 'newsletter_deliveries', 'newsletter_reads'],
};
