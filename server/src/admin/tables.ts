/**
 * Service keys: made and revoked with the admin CLI, never read back.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const adminTables: CapabilityTables = { serverOwned: ['service_keys'] };
