/**
 * What each member's AI calls cost, for the budgets: the server's own.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const aiTables: CapabilityTables = { serverOwned: ['ai_usage'] };
