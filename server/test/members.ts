/** Calls of the member routes for the membership tests. */
import type { TestApp } from './test-app.ts';

/** A leader's decision on a member: approve, refuse, suspend, reinstate or remove. */
export const memberAction = (t: TestApp, token: string, userId: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/members/${t.deps.config.projectId}/${userId}/${action}`,
    headers: { authorization: token },
  });
