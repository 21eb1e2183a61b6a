/**
 * Mails about troops registered at sign-up (register-troop.ts), each a durable job
 * (docs/decisions/052-durable-jobs.md), as members/waiting-notice.ts tells approvers of a waiting
 * account: the council's admins when a troop registers (one job finds them and queues a mail to
 * each, keyed by both, so a run taken again mails nobody twice), and the registrant when a council
 * admin confirms or refuses it (the job carries the address: a refused registrant's account is
 * gone by then). A troop confirmed or refused before its notice goes is not mentioned any more.
 */
import { pathOf } from '@scout/protocol/app-paths';
import { adminRoles } from '../auth/first-admin.ts';
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { greetingName, render } from '../mail/templates.ts';
import { jobMessageId } from '../mail/message-id.ts';
import type { Queryable } from '../store/store.ts';
import { troopKey } from '../store/tenancy.ts';

export const REGISTRATION_JOB_KINDS = {
  /** Finds the council's admins for one registered troop and queues a mail to each. */
  tell: 'troop-registered',
  /** One mail to one council admin. */
  mail: 'troop-registered-mail',
  /** The registrant told of the council's decision. */
  decided: 'troop-decided-mail',
} as const;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Queues the notice of a registered troop to its council's admins; the job is the council's. */
export async function queueRegistrationNotice(
  db: Queryable,
  now: number,
  troopId: string,
  councilId: string,
): Promise<void> {
  await enqueueJob(db, now, {
    kind: REGISTRATION_JOB_KINDS.tell,
    dedupeKey: troopKey(councilId, `troop-registered:${troopId}`),
    payload: { troopId },
    troopId: councilId,
  });
}

/** Queues the mail to the registrant of the council's decision. */
export async function queueDecisionMail(
  db: Queryable,
  now: number,
  councilId: string,
  decision: {
    troopId: string;
    troopName: string;
    councilName: string;
    email: string;
    displayName: string | null;
    outcome: 'confirmed' | 'refused';
  },
): Promise<void> {
  await enqueueJob(db, now, {
    kind: REGISTRATION_JOB_KINDS.decided,
    dedupeKey: troopKey(councilId, `troop-decided:${decision.troopId}`),
    payload: { ...decision },
    troopId: councilId,
  });
}

interface WaitingRow {
  name: string | null;
  number: string | null;
  council_name: string | null;
  email: string | null;
  display_name: string | null;
}

/** The troop while it still waits for its council, with its registrant. */
async function waitingTroop(db: Queryable, troopId: string, councilId: string) {
  const { rows } = await db.query<WaitingRow>(
    `SELECT t.name, t.number, c.name AS council_name, u.email, u.display_name
       FROM troops t JOIN troops c ON c.id = t.council_id LEFT JOIN users u ON u.id = t.registered_by
      WHERE t.id = ? AND t.council_id = ? AND t.registered_by IS NOT NULL AND t.confirmed_at IS NULL`,
    [troopId, councilId],
  );
  return rows[0];
}

/** The active members of the council with an admin role (all of them, or the one named). */
async function councilAdmins(deps: ReadyDeps, councilId: string, only?: string) {
  const roles = adminRoles(deps.config.roles);
  if (roles.length === 0) return [];
  const { rows } = await deps.store.query<{
    id: string;
    email: string;
    display_name: string | null;
  }>(
    `SELECT u.id, u.email, u.display_name FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.troop_id = ? AND m.status = 'active' AND m.role IN (${roles.map(() => '?').join(', ')})
      ${only ? 'AND u.id = ?' : ''} ORDER BY u.id`,
    [councilId, ...roles, ...(only ? [only] : [])],
  );
  return rows;
}

/** The job handlers of registration mails, for the process's job worker. */
export function registrationJobHandlers(deps: ReadyDeps): Record<string, JobHandler> {
  const { config } = deps;
  const councilUrl = `${config.publicUrl}${pathOf({ view: 'council' })}`;
  return {
    async [REGISTRATION_JOB_KINDS.tell](job) {
      const councilId = job.troopId ?? '';
      const troopId = str(job.payload.troopId);
      if (!(await waitingTroop(deps.store, troopId, councilId))) return;
      const now = deps.clock.now();
      for (const admin of await councilAdmins(deps, councilId)) {
        await enqueueJob(deps.store, now, {
          kind: REGISTRATION_JOB_KINDS.mail,
          dedupeKey: troopKey(councilId, `troop-registered:${troopId}:${admin.id}`),
          payload: { troopId, adminId: admin.id },
          troopId: councilId,
        });
      }
    },
    async [REGISTRATION_JOB_KINDS.mail](job) {
      const councilId = job.troopId ?? '';
      const troop = await waitingTroop(deps.store, str(job.payload.troopId), councilId);
      const [admin] = await councilAdmins(deps, councilId, str(job.payload.adminId));
      // Confirmed or refused meanwhile, or no longer an admin: nothing to ask of them.
      if (!troop || !admin) return;
      const who = greetingName(troop.display_name);
      const by = troop.email ? (who ? `${who} (${troop.email})` : troop.email) : 'Someone';
      await deps.mail.send({
        to: [{ address: admin.email, ...(admin.display_name ? { name: admin.display_name } : {}) }],
        ...render(
          { link: councilUrl, displayName: admin.display_name },
          {
            subject: `A new troop is waiting for ${troop.council_name ?? 'your council'}`,
            intro: `${by} registered ${troop.name ?? `troop ${troop.number ?? ''}`} at sign-up and is waiting for a council admin to confirm it.`,
            action: "Confirm or refuse it on the council's screen",
            outro: 'Until then its members see only their own profile.',
          },
        ),
        messageId: jobMessageId(job.id, admin.email, config.publicUrl),
      });
    },
    async [REGISTRATION_JOB_KINDS.decided](job) {
      const p = job.payload;
      const email = str(p.email);
      const confirmed = p.outcome === 'confirmed';
      const council = str(p.councilName) || 'your council';
      await deps.mail.send({
        to: [{ address: email }],
        ...render(
          {
            link: `${config.publicUrl}${pathOf({ view: 'dashboard' })}`,
            displayName: str(p.displayName) || null,
          },
          confirmed
            ? {
                subject: `${str(p.troopName)} is confirmed`,
                intro: `${council} confirmed ${str(p.troopName)}. You and your members now reach everything of the troop.`,
                action: 'Open your troop',
                outro: 'Invite your members from the Members screen.',
              }
            : {
                subject: `${str(p.troopName)} was not confirmed`,
                intro: `${council} did not confirm ${str(p.troopName)}, so it was removed, with your account where it belonged to no other troop.`,
                action: 'To sign up again with a troop that exists, go to',
                outro: `Ask ${council} which troop number to sign up with.`,
              },
        ),
        messageId: jobMessageId(job.id, email, config.publicUrl),
      });
    },
  };
}
