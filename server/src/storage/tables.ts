/**
 * What is stored where, and for whom: served by the storage routes only.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const storageTables: CapabilityTables = { serverOwned: ['files'] };
