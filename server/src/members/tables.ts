/**
 * Who did what to whom, and the invitations leaders send: admins read the audit log on their own
 * screens (members/audit-log.ts); neither is the Data API's.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const membersTables: CapabilityTables = { serverOwned: ['audit_log', 'invitations'] };
