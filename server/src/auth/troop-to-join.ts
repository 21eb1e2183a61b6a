/**
 * Which troop a new account joins (docs/decisions/065-troops.md): sign-up asks for a troop
 * number, and the account joins the server's troop with that number, under that troop's sign-up
 * mode. An invitation names its own troop and joins it, whatever number was typed.
 *
 * A number no troop has is joined to the request's troop only when that troop has no number
 * itself (an upgraded one-troop server, whose members typed whatever they call their troop);
 * otherwise the answer says who to ask, unless the request's council accepts new troops, when the
 * sign-up registers one (troops/register-troop.ts). No number at all (an older client, a provider's sign-in)
 * joins the request's troop, as it always did.
 */
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { invitationKey } from '../security/invitations.ts';
import { FIRST_TROOP_ID, type Troop } from '../store/tenancy.ts';
import { numberWaiting } from '../troops/register-troop.ts';
import { TROOP_COLUMNS, toTroop } from '../troops/troop-directory.ts';

type TroopRow = Parameters<typeof toTroop>[0];

/** "12", "Troop 12", "#12" and " 012 " name the same troop. */
export function troopNumberKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const key = raw
    .trim()
    .replace(/^troop\s*/i, '')
    .replace(/^#\s*/, '')
    .replace(/^0+(?=\d)/, '')
    .toLowerCase();
  return key === '' ? null : key;
}

/** The troop number a sign-up gave (metadata JSON text), if any. */
export function troopNumberOf(metadata: string): string | null {
  try {
    const parsed: unknown = JSON.parse(metadata);
    return typeof parsed === 'object' && parsed !== null
      ? troopNumberKey((parsed as Record<string, unknown>).troopNumber)
      : null;
  } catch {
    return null;
  }
}

async function troopWhere(
  db: Queryable,
  config: AppDeps['config'],
  where: string,
  params: unknown[],
): Promise<Troop | undefined> {
  const { rows } = await db.query<TroopRow>(
    `SELECT ${TROOP_COLUMNS} FROM troops WHERE ${where} ORDER BY created_at, id`,
    params,
  );
  const row = rows[0];
  return row ? toTroop(row, config) : undefined;
}

/** The troop an invitation (named by invitationKey) belongs to; undefined for an unknown one. */
export function invitationTroop(
  db: Queryable,
  config: AppDeps['config'],
  key: string,
): Promise<Troop | undefined> {
  return troopWhere(db, config, 'id = (SELECT troop_id FROM invitations WHERE token_hash = ?)', [
    key,
  ]);
}

/** The troop a household invitation's household belongs to (named by its link's token). */
export function householdInvitationTroop(
  db: Queryable,
  config: AppDeps['config'],
  token: string,
): Promise<Troop | undefined> {
  return troopWhere(
    db,
    config,
    'id = (SELECT troop_id FROM household_invitations WHERE token_hash = ?)',
    [invitationKey(token)],
  );
}

/** A number no troop has, where a council accepts new troops: the troop to register. */
export interface Registration {
  council: Troop;
  /** The number as its key (troopNumberKey): "45" for "Troop 45". */
  number: string;
}

/** What a sign-up does: join a troop, or register a new one (troops/register-troop.ts). */
export type SignUpTarget = { troop: Troop } | { register: Registration };

type NumberedRow = TroopRow & { waiting: number | string };

/**
 * The troop a sign-up joins, or none (no number given, or an invitation's): see signUpTarget.
 * Never registers a troop.
 */
export async function troopToJoin(
  db: Queryable,
  config: AppDeps['config'],
  requestTroop: Troop | undefined,
  number: string | null,
): Promise<Troop> {
  const target = await signUpTarget(db, config, requestTroop, number, false);
  if ('troop' in target) return target.troop;
  throw new Error('a sign-up that may not register a troop was offered to register one');
}

/**
 * What a sign-up does: join the troop with the number given, else the request's troop when that
 * one has no number (or none was given). A number no troop has registers a new troop when the
 * request names a council that accepts troops, or a troop of one (`accepts_troops`, migration
 * 046); else 400, naming who to ask. A troop that waits for its council is joined by nobody else:
 * its number answers 400, saying it waits.
 */
export async function signUpTarget(
  db: Queryable,
  config: AppDeps['config'],
  requestTroop: Troop | undefined,
  number: string | null,
  mayRegister = true,
): Promise<SignUpTarget> {
  const here = requestTroop ?? (await troopWhere(db, config, 'id = ?', [FIRST_TROOP_ID]));
  if (!here) throw new Error('the server has no first troop (migration 041)');
  if (number === null) return { troop: here };
  const { rows } = await db.query<NumberedRow>(
    `SELECT ${TROOP_COLUMNS},
            CASE WHEN registered_by IS NOT NULL AND confirmed_at IS NULL THEN 1 ELSE 0 END AS waiting
       FROM troops WHERE kind = 'troop' AND number IS NOT NULL ORDER BY created_at, id`,
  );
  const named = rows.filter((r) => troopNumberKey(r.number) === number);
  // The request's own troop first, then the oldest with the number.
  const numbered = named.find((r) => r.id === here.id) ?? named[0];
  if (numbered && Number(numbered.waiting) === 1) throw numberWaiting(number);
  if (numbered) return { troop: toTroop(numbered, config) };
  const council = mayRegister ? await acceptingCouncil(db, config, here) : undefined;
  if (council) return { register: { council, number } };
  if (here.number === null) return { troop: here };
  const ask = here.contact ? `Ask ${here.contact}` : 'Ask a leader of your troop';
  throw new ApiError(
    'VALIDATION_ERROR',
    `No troop with the number ${number} is on this server. ${ask} which troop number to sign up with.`,
    { details: 'troopNumber' },
  );
}

/** The council of the request (itself, or its troop's) when it accepts new troops. */
function acceptingCouncil(
  db: Queryable,
  config: AppDeps['config'],
  here: Troop,
): Promise<Troop | undefined> {
  const councilId = here.kind === 'council' ? here.id : here.councilId;
  if (councilId === null) return Promise.resolve(undefined);
  return troopWhere(db, config, "id = ? AND kind = 'council' AND accepts_troops = 1", [councilId]);
}
