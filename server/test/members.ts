/** Calls of the member routes for the membership tests. */
import type { TestApp } from './test-app.ts';
import { addUnit, joinUnit } from './troops.ts';

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

/** Another troop of the server. */
export const addTroop = (
  t: TestApp,
  troop: {
    id: string;
    projectId: string;
    number?: string | null;
    signupMode?: string | null;
    contact?: string | null;
  },
): Promise<void> => addUnit(t, troop);

/** Makes the account a member of the troop with the role and status given. */
export const giveMembership = (
  t: TestApp,
  userId: string,
  troopId: string,
  role: string,
  status = 'active',
): Promise<void> => joinUnit(t, userId, troopId, role, status);
