/**
 * Sign-up sheets: volunteer/routes.ts serves them, under the rules of
 * docs/decisions/070-volunteer-sheets.md, never the Data API.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const volunteerTables: CapabilityTables = {
  serverOwned: ['volunteer_slots', 'volunteer_signups', 'volunteer_offers'],
};
