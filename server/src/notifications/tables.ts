/**
 * Notices shown in the app: the notifications routes serve them.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const notificationsTables: CapabilityTables = { serverOwned: ['notifications'] };
