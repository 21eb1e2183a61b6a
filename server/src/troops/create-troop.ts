/**
 * A platform admin makes a troop or a council (docs/decisions/065-troops.md): from the app
 * (`POST /api/troops/{projectId}`, routes.ts) and from the admin CLI (cli/admin.ts), both here.
 * A troop may name its council (one already made, of kind `council`); a council names none.
 * The unit and its first leader's membership are written in one transaction, with the act in
 * the audit log as a platform act (no troop). A leader with no account yet gets an invitation
 * to the unit instead (members/invitations.ts), whose link only the maker sees.
 */
import crypto from 'node:crypto';
import { roleNames } from '@scout/protocol/permissions';
import type { CreatedTroop, FirstLeader, WireTroop } from '@scout/protocol/troops';
import type { AppDeps } from '../deps.ts';
import { adminRoles } from '../auth/first-admin.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../members/audit-log.ts';
import { createInvitation } from '../members/invitations.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import { FIRST_TROOP_ID, type Troop } from '../store/tenancy.ts';
import type { NewTroopBody } from './troop-schemas.ts';

/** The role a troop's first leader is given (docs/roles.md). */
export const FIRST_LEADER_ROLE = 'leader';

/**
 * The role the first person named for a unit is given: a troop's leader; a council's admin (the
 * roles configuration's first admin role), since a council's admin is who manages its members
 * and confirms the troops registered at sign-up, and someone must be able to from the start.
 */
export function firstRoleOf(kind: 'troop' | 'council', roles: Deps['config']['roles']): string {
  return kind === 'council' ? (adminRoles(roles)[0] ?? FIRST_LEADER_ROLE) : FIRST_LEADER_ROLE;
}

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

/** `t_` and 16 random characters of base64url: never a "/", never the first troop's id. */
export const newTroopId = () => `t_${crypto.randomBytes(12).toString('base64url')}`;

export const wireTroopOf = (troop: Troop): WireTroop => ({
  projectId: troop.projectId,
  kind: troop.kind,
  number: troop.number,
  name: troop.name,
  timeZone: troop.timeZone,
});

/** The id of the council a new troop names, or a 400 that says why it names none. */
async function councilIdOf(db: Queryable, config: Deps['config'], projectId: string) {
  // The first troop's project id may be left NULL in its row: the configuration names it.
  const { rows } = await db.query<{ id: string; kind: string }>(
    projectId === config.projectId
      ? 'SELECT id, kind FROM troops WHERE id = ?'
      : 'SELECT id, kind FROM troops WHERE project_id = ?',
    [projectId === config.projectId ? FIRST_TROOP_ID : projectId],
  );
  const unit = rows[0];
  if (!unit) throw new ApiError('VALIDATION_ERROR', `No council has the project id ${projectId}`);
  if (unit.kind !== 'council')
    throw new ApiError('VALIDATION_ERROR', `${projectId} is a troop, not a council`);
  return unit.id;
}

export async function createTroop(
  deps: Deps,
  actorId: string | null,
  input: NewTroopBody,
): Promise<CreatedTroop> {
  if (input.projectId === deps.config.projectId)
    throw new ApiError('CONFLICT', `The project id ${input.projectId} is already a troop's`);
  const kind = input.kind ?? 'troop';
  if (kind === 'council' && input.councilProjectId)
    throw new ApiError('VALIDATION_ERROR', 'A council belongs to no council');
  if (kind !== 'council' && input.acceptsTroops)
    throw new ApiError('VALIDATION_ERROR', 'Only a council accepts new troops');
  const firstRole = firstRoleOf(kind, deps.config.roles);
  if (input.leaderEmail && !roleNames(deps.config.roles).includes(firstRole))
    throw new ApiError(
      'VALIDATION_ERROR',
      `A first leader needs the role ${firstRole} in the roles configuration`,
    );
  const now = deps.clock.now();
  const at = isoInstant(now);
  const id = newTroopId();
  const timeZone = input.timeZone ?? deps.config.timezone;
  const signupMode = input.signupMode ?? deps.config.signupMode;
  const member = await deps.store.transaction(async (tx) => {
    const councilId = input.councilProjectId
      ? await councilIdOf(tx, deps.config, input.councilProjectId)
      : null;
    // The unique project id decides between two makers of one id: the second gets a 409.
    const { rows } = await tx.query(
      `INSERT INTO troops (id, kind, number, name, project_id, time_zone, signup_mode, contact, council_id, created_at, confirmed_at, accepts_troops)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (project_id) DO NOTHING RETURNING id`,
      [
        id,
        kind,
        input.number,
        input.name,
        input.projectId,
        timeZone,
        signupMode,
        input.contact ?? null,
        councilId,
        at,
        at,
        input.acceptsTroops ? 1 : 0,
      ],
    );
    if (rows.length === 0)
      throw new ApiError('CONFLICT', `The project id ${input.projectId} is already a troop's`);
    let leader: FirstLeader | null = null;
    if (input.leaderEmail) {
      const { rows: accounts } = await tx.query<{ id: string }>(
        'SELECT id FROM users WHERE email = ?',
        [input.leaderEmail],
      );
      const userId = accounts[0]?.id;
      if (userId) {
        await tx.query(
          `INSERT INTO memberships (user_id, troop_id, role, status, joined_at) VALUES (?, ?, ?, 'active', ?)`,
          [userId, id, firstRole, at],
        );
        leader = { email: input.leaderEmail, outcome: 'member', userId };
      }
    }
    // A platform act: its audit entry names no troop.
    const entry = {
      troopId: null,
      actorId,
      action: 'troop.created',
      targetId: id,
      details: {
        projectId: input.projectId,
        number: input.number,
        name: input.name,
        kind,
        ...(input.councilProjectId ? { councilProjectId: input.councilProjectId } : {}),
        ...(input.leaderEmail ? { leaderEmail: input.leaderEmail } : {}),
        ...(input.acceptsTroops ? { acceptsTroops: true } : {}),
      },
    };
    await recordAudit(tx, now, entry);
    return leader;
  });
  const troop: WireTroop = {
    projectId: input.projectId,
    kind,
    number: input.number,
    name: input.name,
    timeZone,
  };
  if (member || !input.leaderEmail) return { troop, leader: member };
  return {
    troop,
    leader: await inviteFirstLeader(deps, actorId, id, input.leaderEmail, firstRole),
  };
}

/**
 * An invitation for one address, to the new unit, giving its first role (members/invitations.ts):
 * the person who signs up with its link joins with it, at once, in any sign-up mode.
 */
async function inviteFirstLeader(
  deps: Deps,
  actorId: string | null,
  troopId: string,
  email: string,
  role: string,
): Promise<FirstLeader> {
  const made = await createInvitation(deps, actorId, { email, role }, troopId);
  return { email, outcome: 'invited', invitationUrl: made.url };
}
