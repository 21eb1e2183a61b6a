/**
 * The household tables: a scout's details are for the household and leaders, so the Data API
 * never serves them; households/routes.ts does.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const householdsTables: CapabilityTables = {
  serverOwned: ['households', 'household_adults', 'household_invitations', 'scouts'],
};
