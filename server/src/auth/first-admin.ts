/**
 * The troop's first admin, made in the browser by whoever started the server: while no account
 * holds an admin role, each start prints a setup link (valid an hour, used once) that opens a
 * form for the first admin's email and password. The link is the proof of being at the console,
 * as the admin CLI is; once an admin exists, every link stops working.
 */
import type { SessionResponse } from '@scout/protocol/auth';
import type { RolesConfig } from '@scout/protocol/permissions';
import { createUserWithRole } from '../admin/users.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { issueSession } from './sessions.ts';
import { findUserById } from './users.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { isoInstant } from '../store/sql-values.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

export const SETUP_LINK_TTL_SECONDS = 60 * 60;

type SetupDeps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

/** Roles that may do everything: `admin` by default (docs/roles.md). */
export function adminRoles(roles: RolesConfig): string[] {
  return Object.entries(roles.roles)
    .filter(([, def]) => def.permissions.includes('*'))
    .map(([name]) => name)
    .sort((a, b) => (a === 'admin' ? -1 : b === 'admin' ? 1 : a.localeCompare(b)));
}

/**
 * Whether the troop has an admin (its memberships). Setup links make the first troop's: that
 * is the troop a new server starts with; another troop's first leader is named by a platform
 * admin when the troop is made.
 */
export async function hasAdmin(
  deps: Pick<AppDeps, 'store' | 'config'>,
  troopId: string = FIRST_TROOP_ID,
): Promise<boolean> {
  const roles = adminRoles(deps.config.roles);
  if (roles.length === 0) return true; // Nobody can be made an admin: nothing to offer.
  const { rows } = await deps.store.query(
    `SELECT 1 AS one FROM memberships WHERE troop_id = ? AND role IN (${roles.map(() => '?').join(', ')}) LIMIT 1`,
    [troopId, ...roles],
  );
  return rows.length > 0;
}

/** A new setup link while the troop has no admin; null once it has one. */
export async function offerFirstAdminSetup(deps: SetupDeps): Promise<string | null> {
  if (await hasAdmin(deps)) return null;
  const token = newToken();
  const now = deps.clock.now();
  await deps.store.query(
    'INSERT INTO setup_links (token_hash, created_at, expires_at) VALUES (?, ?, ?)',
    [hashToken(token), isoInstant(now), isoInstant(now + SETUP_LINK_TTL_SECONDS * 1000)],
  );
  return `${deps.config.publicUrl}/?setup=${token}`;
}

const spentLink = () =>
  new ApiError('VERIFICATION_FAILED', 'This setup link has expired or was already used.');
const alreadySetUp = () =>
  new ApiError('CONFLICT', 'This troop already has an admin: sign in instead.');

/** Whether the link would still create the first admin (the setup form asks before it shows). */
export async function isSetupLinkUsable(deps: SetupDeps, token: string): Promise<boolean> {
  const { rows } = await deps.store.query(
    'SELECT 1 AS one FROM setup_links WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
    [hashToken(token), isoInstant(deps.clock.now())],
  );
  return rows.length > 0 && !(await hasAdmin(deps));
}

export interface FirstAdminInput {
  token: string;
  email: string;
  password: string;
  displayName?: string | undefined;
}

/** Spends the link and creates the first admin, signed in. */
export async function createFirstAdmin(
  deps: AppDeps,
  input: FirstAdminInput,
): Promise<SessionResponse> {
  const now = deps.clock.now();
  const { rows } = await deps.store.query(
    `UPDATE setup_links SET used_at = ?
     WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING token_hash`,
    [isoInstant(now), hashToken(input.token), isoInstant(now)],
  );
  if (rows.length === 0) throw spentLink();
  if (await hasAdmin(deps)) throw alreadySetUp();
  const [role] = adminRoles(deps.config.roles);
  if (!role) throw alreadySetUp();
  const made = await createUserWithRole(
    deps.store,
    { email: input.email, password: input.password, role, name: input.displayName },
    now,
    deps.config.roles,
  );
  const user = await findUserById(deps, made.id);
  if (!user) throw new Error('the first admin vanished after it was created');
  return issueSession(deps, user);
}
