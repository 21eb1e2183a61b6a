/** Calls of the member routes for the membership tests. */
import type { TestApp } from './test-app.ts';

/** A leader's decision on a member: approve, refuse, suspend, reinstate or remove. */
export const memberAction = (t: TestApp, token: string, userId: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/members/${t.deps.config.projectId}/${userId}/${action}`,
    headers: { authorization: token },
  });

/** A decision on a member of the troop named by `projectId`. */
export const memberActionIn = (
  t: TestApp,
  projectId: string,
  token: string,
  userId: string,
  action: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/members/${projectId}/${userId}/${action}`,
    headers: { authorization: token },
  });

/** Another troop of the server (troops/troops.test.ts makes them the same way). */
export async function addTroop(
  t: TestApp,
  troop: {
    id: string;
    projectId: string;
    number?: string | null;
    signupMode?: string | null;
    contact?: string | null;
  },
): Promise<void> {
  await t.deps.store.query(
    `INSERT INTO troops (id, kind, number, project_id, signup_mode, contact, created_at)
     VALUES (?, 'troop', ?, ?, ?, ?, ?)`,
    [
      troop.id,
      troop.number ?? null,
      troop.projectId,
      troop.signupMode ?? null,
      troop.contact ?? null,
      new Date(t.clock.now()).toISOString(),
    ],
  );
  t.deps.troops.forget();
}

/** Makes the account a member of the troop with the role and status given. */
export async function giveMembership(
  t: TestApp,
  userId: string,
  troopId: string,
  role: string,
  status = 'active',
): Promise<void> {
  await t.deps.store.query(
    `INSERT INTO memberships (user_id, troop_id, role, status, joined_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, troop_id) DO UPDATE SET role = excluded.role, status = excluded.status`,
    [userId, troopId, role, status, new Date(t.clock.now()).toISOString()],
  );
}
