/** A call to the sign-up sheets' routes (src/volunteer/routes.ts) of the test app's troop. */
import { bearer } from './auth.ts';
import type { TestApp } from './test-app.ts';

export const callVolunteer = (
  t: TestApp,
  token: string,
  method: string,
  path: string,
  payload?: object,
) =>
  t.app.inject({
    method: method as 'POST',
    url: `/api/volunteer/${t.deps.config.projectId}${path}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
