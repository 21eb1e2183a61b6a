/**
 * Units of a server beside its first troop (docs/decisions/065-troops.md), written straight to
 * the store for tests: a troop or a council, and memberships in them. Every suite that needs a
 * second troop, a council or a member of either makes them here.
 */
import { forgetAccount } from '../src/auth/session-check.ts';
import type { TestApp } from './test-app.ts';

export interface NewUnit {
  id: string;
  projectId: string;
  /** Default `troop`. */
  kind?: 'troop' | 'council';
  number?: string | null;
  name?: string | null;
  timeZone?: string | null;
  signupMode?: string | null;
  contact?: string | null;
  /** The council a troop belongs to, by its id. */
  councilId?: string | null;
}

/** Adds a troop or a council; the server finds it at once (its kept copy is forgotten). */
export async function addUnit(t: Pick<TestApp, 'deps' | 'clock'>, unit: NewUnit): Promise<void> {
  await t.deps.store.query(
    `INSERT INTO troops (id, kind, number, name, project_id, time_zone, signup_mode, contact, council_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      unit.id,
      unit.kind ?? 'troop',
      unit.number ?? null,
      unit.name ?? null,
      unit.projectId,
      unit.timeZone ?? null,
      unit.signupMode ?? null,
      unit.contact ?? null,
      unit.councilId ?? null,
      new Date(t.clock.now()).toISOString(),
    ],
  );
  t.deps.troops.forget();
}

/**
 * Makes the account (which must exist) a member of the unit with the role and status given, or
 * changes them; the session check reads them at the account's next request.
 */
export async function joinUnit(
  t: Pick<TestApp, 'deps' | 'clock'>,
  userId: string,
  troopId: string,
  role = 'user',
  status = 'active',
): Promise<void> {
  await t.deps.store.query(
    `INSERT INTO memberships (user_id, troop_id, role, status, joined_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, troop_id) DO UPDATE SET role = excluded.role, status = excluded.status`,
    [userId, troopId, role, status, new Date(t.clock.now()).toISOString()],
  );
  forgetAccount(t.deps.store, userId);
}
