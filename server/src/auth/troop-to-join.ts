/**
 * Which troop a new account joins (docs/decisions/065-troops.md): sign-up asks for a troop
 * number, and the account joins the server's troop with that number, under that troop's sign-up
 * mode. An invitation names its own troop and joins it, whatever number was typed.
 *
 * A number no troop has is joined to the request's troop only when that troop has no number
 * itself (an upgraded one-troop server, whose members typed whatever they call their troop);
 * otherwise the answer says who to ask. No number at all (an older client, a provider's sign-in)
 * joins the request's troop, as it always did.
 */
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { invitationKey } from '../security/invitations.ts';
import { FIRST_TROOP_ID, type Troop } from '../store/tenancy.ts';
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

/**
 * The troop a sign-up joins: the troop with the number given, else the request's troop when
 * that one has no number (or none was given); else 400, naming who to ask.
 */
export async function troopToJoin(
  db: Queryable,
  config: AppDeps['config'],
  requestTroop: Troop | undefined,
  number: string | null,
): Promise<Troop> {
  const here = requestTroop ?? (await troopWhere(db, config, 'id = ?', [FIRST_TROOP_ID]));
  if (!here) throw new Error('the server has no first troop (migration 041)');
  if (number === null) return here;
  if (here.kind === 'troop' && here.number !== null && troopNumberKey(here.number) === number)
    return here;
  const { rows } = await db.query<TroopRow>(
    `SELECT ${TROOP_COLUMNS} FROM troops WHERE kind = 'troop' AND number IS NOT NULL ORDER BY created_at, id`,
  );
  const numbered = rows.find((r) => troopNumberKey(r.number) === number);
  if (numbered) return toTroop(numbered, config);
  if (here.number === null) return here;
  const ask = here.contact ? `Ask ${here.contact}` : 'Ask a leader of your troop';
  throw new ApiError(
    'VALIDATION_ERROR',
    `No troop with the number ${number} is on this server. ${ask} which troop number to sign up with.`,
    { details: 'troopNumber' },
  );
}
