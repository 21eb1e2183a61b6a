/**
 * Which change controls an event shows: those the `calendar_events` rules of the roles
 * configuration grant the signed-in member (protocol/src/table-grants.ts), the same rules the
 * server enforces. Edit and Cancel change the event (the `update` rule), Delete removes it. A
 * council's event is the council's to change: a troop's calendar offers none of them.
 */
import { grantCovers, type RowGrant } from '@scout/protocol/table-grants';
import type { CalendarEvent } from './calendar-event.ts';

/** What the member's role may change and delete: every event, their own, or none. */
export interface EventGrants {
  update: RowGrant;
  delete: RowGrant;
}

export interface EventControls {
  edit: boolean;
  cancel: boolean;
  delete: boolean;
}

export function eventControls(
  event: Pick<CalendarEvent, 'userId' | 'status' | 'council'>,
  userId: string,
  grants: EventGrants,
): EventControls {
  if (event.council) return { edit: false, cancel: false, delete: false };
  const edit = grantCovers(grants.update, event.userId, userId);
  return {
    edit,
    // A cancelled event has nothing left to cancel.
    cancel: edit && event.status !== 'cancelled',
    delete: grantCovers(grants.delete, event.userId, userId),
  };
}
