/**
 * Those who may let people in (members.approve, docs/roles.md) to a troop are told by mail when
 * someone new waits for approval there (the approvers of that troop, by their memberships). Every way an account comes to wait (sign-up in approval mode, a scout in
 * invite mode, a scout held by `leadersConfirmScouts`) records `member.waiting` in the audit log,
 * in the transaction that makes the account (audit-log.ts), and that same write queues a durable
 * job (docs/decisions/052-durable-jobs.md) keyed by the account: one notice per waiting person,
 * whichever process runs it. The job fans out one mail job per approver, each keyed by both, so
 * a run cut short and taken again mails nobody twice, and a resend carries the same Message-ID.
 * Someone approved or refused before the mail goes is not mentioned any more.
 */
import { pathOf, troopAddress } from '@scout/protocol/app-paths';
import { can, PERMISSIONS, roleNames } from '@scout/protocol/permissions';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { jobMessageId } from '../mail/message-id.ts';
import type { Queryable } from '../store/store.ts';
import { FIRST_TROOP_ID, troopKey } from '../store/tenancy.ts';
import { waitingMail } from './waiting-mail.ts';

export const WAITING_JOB_KINDS = {
  /** Finds the approvers of one waiting account and queues a mail to each. */
  tell: 'member-waiting',
  /** One mail to one approver. */
  mail: 'member-waiting-mail',
} as const;

/**
 * Queues the notice, to the approvers of `troopId`, of an account that now waits there; a second
 * call for it is a no-op. The job is the troop's, and its key names the troop (the first
 * troop's is the key a one-troop server always used).
 */
export async function queueWaitingNotice(
  db: Queryable,
  now: number,
  userId: string,
  troopId: string = FIRST_TROOP_ID,
) {
  await enqueueJob(db, now, {
    kind: WAITING_JOB_KINDS.tell,
    dedupeKey: troopKey(troopId, `member-waiting:${userId}`),
    payload: { userId },
    troopId,
  });
}

interface Person {
  id: string;
  email: string;
  display_name: string | null;
  metadata: string;
  role: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The troop role the newcomer gave (metadata JSON), as the member list reads it. */
function troopRoleIn(metadata: string): string | null {
  try {
    const role: unknown = (JSON.parse(metadata) as { troopRole?: unknown } | null)?.troopRole;
    return typeof role === 'string' && role.trim() ? role.trim() : null;
  } catch {
    return null;
  }
}

/** The person as a member of the troop, in `status` there. */
async function personWith(
  db: Queryable,
  troopId: string,
  id: string,
  status: 'pending' | 'active',
) {
  const { rows } = await db.query<Person>(
    `SELECT u.id, u.email, u.display_name, u.metadata, m.role
       FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.troop_id = ? AND m.user_id = ? AND m.status = ?`,
    [troopId, id, status],
  );
  return rows[0];
}

/** The job handlers of membership notices, for the process's job worker. */
export function memberJobHandlers(deps: ReadyDeps): Record<string, JobHandler> {
  const { store, config } = deps;
  const mayApprove = (role: string) => can(config.roles, role, PERMISSIONS.membersApprove);
  return {
    async [WAITING_JOB_KINDS.tell](job) {
      const userId = str(job.payload.userId);
      // Jobs queued before troops were the one troop's.
      const troopId = job.troopId ?? FIRST_TROOP_ID;
      if (!(await personWith(store, troopId, userId, 'pending'))) return;
      const roles = roleNames(config.roles).filter(mayApprove);
      if (roles.length === 0) return;
      const { rows } = await store.query<{ id: string }>(
        `SELECT user_id AS id FROM memberships
          WHERE troop_id = ? AND status = 'active' AND user_id <> ? AND role IN (${roles.map(() => '?').join(', ')})
          ORDER BY user_id`,
        [troopId, userId, ...roles],
      );
      const now = deps.clock.now();
      for (const approver of rows) {
        await enqueueJob(store, now, {
          kind: WAITING_JOB_KINDS.mail,
          dedupeKey: troopKey(troopId, `member-waiting:${userId}:${approver.id}`),
          payload: { userId, approverId: approver.id },
          troopId,
        });
      }
    },
    async [WAITING_JOB_KINDS.mail](job) {
      const troopId = job.troopId ?? FIRST_TROOP_ID;
      const waiting = await personWith(store, troopId, str(job.payload.userId), 'pending');
      const approver = await personWith(store, troopId, str(job.payload.approverId), 'active');
      // Let in or refused meanwhile, or the approver no longer may: nothing to ask of them.
      if (!waiting || !approver || !mayApprove(approver.role)) return;
      // The members screen of the troop they wait in, on any browser.
      const troop = await deps.troops.byId(troopId);
      const members = pathOf({ view: 'members' });
      await deps.mail.send({
        to: [
          {
            address: approver.email,
            ...(approver.display_name ? { name: approver.display_name } : {}),
          },
        ],
        ...waitingMail({
          approverName: approver.display_name,
          name: waiting.display_name,
          email: waiting.email,
          troopRole: troopRoleIn(waiting.metadata),
          membersUrl: `${config.publicUrl}${troopAddress(members, troop?.projectId, config.projectId)}`,
        }),
        // A run again after the mail server took it (its process died) sends the same id.
        messageId: jobMessageId(job.id, approver.email, config.publicUrl),
      });
    },
  };
}
