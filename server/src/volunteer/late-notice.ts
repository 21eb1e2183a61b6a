/**
 * A place given back after its slot's cut-off tells the leaders (issue 35): every active member
 * of the troop whose role holds volunteer.manage gets one `notice-mail` job (notices/mail-job.ts)
 * of the changes kind, queued in the give-back's own transaction, so the mail goes at least
 * once whatever process runs it, and a leader who turned such mail off is not written to.
 */
import { eventPath } from '@scout/protocol/app-paths';
import { can, PERMISSIONS, type RolesConfig } from '@scout/protocol/permissions';
import { VOLUNTEER_KIND_LABELS } from '@scout/protocol/volunteer';
import { enqueueJob } from '../jobs/queue.ts';
import { JOB_KINDS } from '../notices/job-kinds.ts';
import { describeDay } from '../notices/messages.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Slot } from './stored-slots.ts';

/** The troop's active members who manage sheets. */
export async function sheetManagers(
  db: Queryable,
  roles: RolesConfig,
  troopId: string,
): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string; role: string }>(
    "SELECT user_id, role FROM memberships WHERE troop_id = ? AND status = 'active' ORDER BY user_id",
    [troopId],
  );
  return rows.filter((r) => can(roles, r.role, PERMISSIONS.volunteerManage)).map((r) => r.user_id);
}

export async function queueLateGiveBack(
  db: Queryable,
  roles: RolesConfig,
  nowMs: number,
  slot: Slot,
  event: EventOccurrence,
  who: string,
): Promise<number> {
  const leaders = await sheetManagers(db, roles, event.troopId);
  const on = event.occurrence ? ` on ${describeDay(event.occurrence)}` : '';
  for (const userId of leaders)
    await enqueueJob(db, nowMs, {
      kind: JOB_KINDS.mail,
      dedupeKey: `volunteer-late:${slot.id}:${event.occurrence}:${isoInstant(nowMs)}:${who}:${userId}`,
      troopId: event.troopId,
      payload: {
        userId,
        kind: 'changes',
        content: {
          subject: `A place was given back: ${slot.title} (${event.name})`,
          lines: [
            `${who} gave back their place in "${slot.title}" (${VOLUNTEER_KIND_LABELS[slot.kind]}) for ${event.name}${on}, after the slot's cut-off.`,
            'The slot has a place free again: someone else may need to be asked.',
          ],
        },
        path: eventPath(event.eventId, event.occurrence || undefined),
      },
    });
  return leaders.length;
}
