/** Helpers for Data API tests: members made by direct insert (no auth routes) and requests. */
import type { LightMyRequestResponse } from 'fastify';
import { signAccessToken } from '../src/auth/tokens.ts';
import { FIRST_TROOP_ID } from '../src/store/tenancy.ts';
import { oneServiceKey } from './service-keys.ts';
import type { TestApp } from './test-app.ts';
import { addUnit, joinUnit } from './troops.ts';

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
export const serviceKeys = oneServiceKey(SERVICE_KEY, 'key1');

/**
 * Another troop of the server (docs/decisions/065-troops.md), named on the wire by `projectId`;
 * the first troop (FIRST_TROOP_ID) is the configured project id's.
 */
export const addTroop = (t: TestApp, id: string, projectId: string): Promise<void> =>
  addUnit(t, { id, projectId });

/**
 * An account that belongs to exactly the troops given, with the role held in each (a new
 * account joins the first troop, which it leaves when that troop is not given).
 */
export async function addTroopMember(
  t: TestApp,
  id: string,
  roles: Record<string, string>,
): Promise<TestMember> {
  const member = await addMember(t, id, roles[FIRST_TROOP_ID] ?? 'user');
  await t.deps.store.query('DELETE FROM memberships WHERE user_id = ?', [id]);
  for (const [troopId, role] of Object.entries(roles)) await joinUnit(t, id, troopId, role);
  return member;
}

export interface CallOptions {
  /** The troop called, by its project id: the configured one (the first troop's) when absent. */
  projectId?: string;
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
    url: `/api/db/${opts.projectId ?? t.deps.config.projectId}/rest/v1/${path}`,
    headers,
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
  });
}
