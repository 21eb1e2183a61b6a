/** Helpers for Data API tests: members made by direct insert (no auth routes) and requests. */
import type { LightMyRequestResponse } from 'fastify';
import { signAccessToken } from '../src/auth/tokens.ts';
import type { TestApp } from './test-app.ts';

export interface TestMember {
  id: string;
  email: string;
  token: string;
}

export const PASSWORD_HASH = 'argon2-hash-never-shown';

/** The account row alone, as sign-up would have made it. */
export async function insertMemberRow(t: TestApp, id: string, role = 'user'): Promise<void> {
  const now = new Date(t.clock.now()).toISOString();
  await t.deps.store.query(
    'INSERT INTO users (id, email, password_hash, display_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [id, `${id}@troop12.org`, PASSWORD_HASH, `Member ${id}`, role, now, now],
  );
}

export async function addMember(t: TestApp, id: string, role = 'user'): Promise<TestMember> {
  await insertMemberRow(t, id, role);
  const email = `${id}@troop12.org`;
  const token = await signAccessToken(
    t.deps.jwtSecret,
    { sub: id, role, pid: t.deps.config.projectId, email },
    t.clock.now(),
  );
  return { id, email, token };
}

export const SERVICE_KEY = 'sk_test_key';
export const serviceKeys = {
  verify: async (token: string) => (token === SERVICE_KEY ? 'key1' : null),
};

export interface CallOptions {
  token?: string;
  body?: unknown;
  prefer?: string;
  headers?: Record<string, string>;
}

/** One Data API call; `path` is `table?query` as a client would write it. */
export function callRest(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  opts: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.prefer) headers.prefer = opts.prefer;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({
    method,
    url: `/api/db/${t.deps.config.projectId}/rest/v1/${path}`,
    headers,
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
}
