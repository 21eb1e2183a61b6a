/** Helpers shared by the auth API tests. */
import type { SessionResponse } from '@scout/protocol/auth';
import type { TestApp } from './test-app.ts';

export const PASSWORD = 'correct horse battery';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let address = 0;
/** A fresh client address, so a test's many requests do not share one rate-limit counter. */
export const nextAddress = () => `10.1.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

export async function signUp(
  t: TestApp,
  body: Record<string, unknown> = {},
): Promise<SessionResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: nextAddress(),
    payload: {
      email: `scout${++address}@troop12.org`,
      password: PASSWORD,
      projectId: t.deps.config.projectId,
      ...body,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return res.json<SessionResponse>();
}

export async function signIn(t: TestApp, email: string, password = PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signin/email',
    remoteAddress: nextAddress(),
    payload: { email, password, projectId: t.deps.config.projectId },
  });
}

export async function refresh(t: TestApp, refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    remoteAddress: nextAddress(),
    payload: { refresh_token: refreshToken },
  });
}

export async function me(t: TestApp, accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(accessToken) });
}
