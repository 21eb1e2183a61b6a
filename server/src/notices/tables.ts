/**
 * Mail choices and what families were told of each event: the notices' own, never served.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const noticesTables: CapabilityTables = {
  serverOwned: ['notification_settings', 'event_notice_state', 'notice_batch_events'],
};
