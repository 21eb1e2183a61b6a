/**
 * Pageviews and their hourly counts: admins read the figures on the Analytics screen, never the
 * rows.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const analyticsTables: CapabilityTables = {
  serverOwned: ['analytics_events', 'analytics_sessions', 'analytics_hourly'],
};
