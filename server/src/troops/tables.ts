/**
 * The troops of the server and who belongs to each (docs/decisions/065-troops.md). Read by the
 * server only: a troop's settings reach clients through its own routes.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const troopsTables: CapabilityTables = { serverOwned: ['troops', 'memberships'] };
