/**
 * A new troop registered at sign-up (docs/decisions/065-troops.md): a sign-up whose troop number
 * names no troop, made to a council that accepts troops or to a troop of one
 * (auth/troop-to-join.ts), makes the troop here, in the sign-up's transaction. The troop takes
 * the number, a name ("Troop 45" unless the sign-up gave `troopName`), a project id made from
 * the number, the council's time zone and sign-up mode `approval`; the person is its admin. It
 * waits for a council admin (`registered_by` set, `confirmed_at` NULL, migration 046): until
 * then its members reach only their own profile (auth/session-check.ts), and its number lets
 * nobody else in. The council's admins are told by mail (registration-notice.ts).
 *
 * Two sign-ups of one new number at once both find no troop with it; the database's index of
 * waiting numbers (migration 049) lets one in, and the other gets the answer a later sign-up gets.
 */
import { registeredTroopName, TROOP_NAME_MAX_LENGTH } from '@scout/protocol/troops';
import type { AppDeps } from '../deps.ts';
import { recordAudit } from '../members/audit-log.ts';
import { ApiError } from '../errors.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { newTroopId } from './create-troop.ts';
import { queueRegistrationNotice } from './registration-notice.ts';

/** The answer to a sign-up with the number of a troop that waits for its council. */
export function numberWaiting(number: string): ApiError {
  return new ApiError(
    'VALIDATION_ERROR',
    `Troop ${number} is waiting for its council to confirm it. Ask the leader who registered it to invite you once it is confirmed.`,
    { details: 'troopNumber' },
  );
}

/** How many project ids (`troop-45`, `troop-45-2`, ...) are tried before giving up. */
const PROJECT_ID_TRIES = 50;

/** The troop's name from the sign-up's metadata (`troopName`), if it gave a usable one. */
export function troopNameOf(metadata: string): string | null {
  try {
    const name: unknown = (JSON.parse(metadata) as { troopName?: unknown } | null)?.troopName;
    if (typeof name !== 'string') return null;
    const trimmed = name.trim().replace(/\s+/g, ' ');
    return trimmed === '' ? null : trimmed.slice(0, TROOP_NAME_MAX_LENGTH);
  } catch {
    return null;
  }
}

/** `troop-45`: letters and digits of the number only, so it is always a valid project id. */
export function projectIdBase(number: string): string {
  const slug = number
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return slug === '' ? 'troop' : `troop-${slug}`;
}

/**
 * Makes the waiting troop of `council` with `number`, registered by no one yet (the account is
 * made after it; `markRegistrant` names it). Answers the troop as the directory would.
 */
export async function registerTroop(
  tx: Queryable,
  deps: Pick<AppDeps, 'clock'>,
  council: Troop,
  number: string,
  name: string | null,
): Promise<Troop> {
  const at = isoInstant(deps.clock.now());
  const id = newTroopId();
  const base = projectIdBase(number);
  const troopName = name ?? registeredTroopName(number);
  for (let n = 1; n <= PROJECT_ID_TRIES; n++) {
    const projectId = n === 1 ? base : `${base}-${n}`;
    // Refused by either unique index: the project id (taken: the next is tried) or the waiting
    // number (another sign-up registered it first, committed or about to be: PostgreSQL waits
    // for its transaction before it answers).
    const { rows } = await tx.query(
      `INSERT INTO troops (id, kind, number, name, project_id, time_zone, signup_mode, council_id, created_at, registered_by)
       VALUES (?, 'troop', ?, ?, ?, ?, 'approval', ?, ?, '') ON CONFLICT DO NOTHING RETURNING id`,
      [id, number, troopName, projectId, council.timeZone, council.id, at],
    );
    if (rows.length === 0) {
      const { rows: waiting } = await tx.query(
        "SELECT 1 AS one FROM troops WHERE kind = 'troop' AND number = ? AND registered_by IS NOT NULL AND confirmed_at IS NULL",
        [number],
      );
      if (waiting.length > 0) throw numberWaiting(number);
      continue;
    }
    return {
      id,
      projectId,
      kind: 'troop',
      number,
      name: troopName,
      timeZone: council.timeZone,
      signupMode: 'approval',
      contact: council.contact,
      councilId: council.id,
    };
  }
  throw new Error(`no free project id for troop ${number} after ${PROJECT_ID_TRIES} tries`);
}

/** Names the troop's registrant, records the act (a platform act of the council) and queues the mail. */
export async function markRegistrant(
  tx: Queryable,
  now: number,
  troop: Troop,
  council: Troop,
  user: { id: string; email: string },
): Promise<void> {
  await tx.query('UPDATE troops SET registered_by = ? WHERE id = ?', [user.id, troop.id]);
  await recordAudit(tx, now, {
    troopId: null,
    actorId: user.id,
    action: 'troop.registered',
    targetId: troop.id,
    details: {
      projectId: troop.projectId,
      number: troop.number,
      name: troop.name,
      councilProjectId: council.projectId,
      email: user.email,
    },
  });
  await queueRegistrationNotice(tx, now, troop.id, council.id);
}
