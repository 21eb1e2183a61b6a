/**
 * The audit log of membership: who let whom in, refused, suspended, removed or re-roled, and
 * who made or revoked an invitation. Written in the same transaction as the change it records,
 * so the log never claims a change that did not happen nor misses one that did.
 */
import crypto from 'node:crypto';
import type { WireAuditEntry } from '@scout/protocol/members';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { queueWaitingNotice } from './waiting-notice.ts';

export const AUDIT_LIST_MAX = 500;

export interface AuditEntry {
  /**
   * The troop the change was made in (docs/decisions/065-troops.md); absent: the first troop,
   * where every change was made before troops; null: the platform's own act.
   */
  troopId?: string | null;
  actorId: string | null;
  action: string;
  targetId: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Queryable, now: number, entry: AuditEntry): Promise<void> {
  const troopId = entry.troopId === undefined ? FIRST_TROOP_ID : entry.troopId;
  await db.query(
    'INSERT INTO audit_log (id, troop_id, at, actor_id, action, target_id, details) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [
      crypto.randomUUID(),
      troopId,
      isoInstant(now),
      entry.actorId,
      entry.action,
      entry.targetId,
      JSON.stringify(entry.details ?? {}),
    ],
  );
  // Every way an account comes to wait for approval is recorded here, in its transaction: the
  // approvers' notice is queued with it (waiting-notice.ts).
  if (entry.action === 'member.waiting' && entry.targetId)
    await queueWaitingNotice(db, now, entry.targetId, troopId ?? FIRST_TROOP_ID);
}

interface AuditRow {
  id: string;
  at: string;
  actor_id: string | null;
  action: string;
  target_id: string | null;
  details: string;
  invitation_id: string | null;
  invitation_email: string | null;
  invitation_max_uses: number | string | null;
  invitation_created_by: string | null;
  invitation_created_at: string | null;
}

const INVITATION_ACTION = /^invitation\./;

/**
 * The troop's entries, the newest first. An entry about an invitation carries the invitation (for whom, made
 * by whom and when): its id alone says nothing to a person reading the log.
 */
export async function listAudit(db: Queryable, troopId: string): Promise<WireAuditEntry[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT a.id, a.at, a.actor_id, a.action, a.target_id, a.details,
            i.id AS invitation_id, i.email AS invitation_email, i.max_uses AS invitation_max_uses,
            i.created_by AS invitation_created_by, i.created_at AS invitation_created_at
       FROM audit_log a
       LEFT JOIN invitations i ON i.id = a.target_id AND a.action LIKE 'invitation.%'
      WHERE a.troop_id = ?
      ORDER BY a.at DESC, a.id LIMIT ${AUDIT_LIST_MAX}`,
    [troopId],
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actorId: r.actor_id,
    action: r.action,
    targetId: r.target_id,
    details: JSON.parse(r.details) as Record<string, unknown>,
    ...(INVITATION_ACTION.test(r.action)
      ? {
          invitation:
            r.invitation_id === null
              ? null
              : {
                  email: r.invitation_email,
                  maxUses: Number(r.invitation_max_uses),
                  createdBy: r.invitation_created_by,
                  createdAt: r.invitation_created_at ?? '',
                },
        }
      : {}),
  }));
}
