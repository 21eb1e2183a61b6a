/** Helpers for household tests: an app with a mail catcher, calls as a member, families. */
import type { LightMyRequestResponse } from 'fastify';
import { createMemoryMailer, type MemoryMailer } from './mail.ts';
import { bearer, SERVICE_KEY, serviceKeys } from './storage.ts';
import { beforeEach } from 'vitest';
import { buildTestApp, sharedTestApp, type StoreKind, type TestApp } from './test-app.ts';

export interface HouseholdApp {
  t: TestApp;
  mail: MemoryMailer;
  /** One call to /api/households/{projectId}{path}; `auth` is an Authorization header. */
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    auth?: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /** A signed-in member with this app role; their email is `<id>@example.org`. */
  as(id: string, role?: string): Promise<string>;
}

type AppConfig = NonNullable<Parameters<typeof buildTestApp>[0]>['config'];

export async function householdApp(kind: StoreKind, config: AppConfig = {}): Promise<HouseholdApp> {
  const mail = createMemoryMailer();
  const t = await buildTestApp({ store: kind, config, deps: { mail, serviceKeys } });
  return householdCalls(t, mail);
}

/**
 * One household app for every test of the suite it is called in (sharedTestApp): each test
 * starts on an empty store, with an empty mailbox. Call it in the body of a `describe`.
 */
export function sharedHouseholdApp(kind: StoreKind, config: AppConfig = {}): HouseholdApp {
  const mail = createMemoryMailer();
  const t = sharedTestApp({ store: kind, config, deps: { mail, serviceKeys }, empty: true });
  beforeEach(() => {
    mail.sent.length = 0;
  });
  return householdCalls(t, mail);
}

function householdCalls(t: TestApp, mail: MemoryMailer): HouseholdApp {
  return {
    t,
    mail,
    call: (method, path, auth, payload) =>
      t.app.inject({
        method,
        url: `/api/households/${t.deps.config.projectId}${path}`,
        headers: auth ? { authorization: auth } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    as: (id, role = 'user') => bearer(t, id, role),
  };
}

/** The token an invitation link carries. */
export const familyToken = (url: string) => new URL(url).searchParams.get('family') ?? '';

/** `parent`'s household with one scout; answers the scout's id. */
export async function familyWithScout(
  h: HouseholdApp,
  parent: string,
  scout: Record<string, unknown>,
): Promise<string> {
  const res = await h.call('POST', '/mine/scouts', parent, scout);
  if (res.statusCode !== 200) throw new Error(`adding a scout: ${res.statusCode} ${res.body}`);
  return res.json().scout.id as string;
}

/** Makes an invitation in `adult`'s household and accepts it as `invitee`. */
export async function invitedInto(
  h: HouseholdApp,
  adult: string,
  invitee: string,
  body: Record<string, unknown> = { kind: 'adult' },
): Promise<void> {
  const made = await h.call('POST', '/mine/invitations', adult, body);
  if (made.statusCode !== 200) throw new Error(`inviting: ${made.statusCode} ${made.body}`);
  const accepted = await h.call('POST', '/invitations/accept', invitee, {
    token: familyToken(made.json().url),
  });
  if (accepted.statusCode !== 200)
    throw new Error(`accepting: ${accepted.statusCode} ${accepted.body}`);
}

/** Everyone the authorization matrices ask about, outsiders and household A's people alike. */
export const MATRIX_ACTORS = [
  'anonymous',
  'service',
  'admin',
  'leader',
  'parentA',
  'coParentA',
  'scoutA',
  'parentB',
  'member',
] as const;
export type MatrixActor = (typeof MATRIX_ACTORS)[number];
export type MatrixExpect = Record<MatrixActor, number>;

/** `status` for every caller but the anonymous one (401), unless `over` says otherwise. */
export const statusForAll = (status: number, over: Partial<MatrixExpect> = {}): MatrixExpect => ({
  ...(Object.fromEntries(MATRIX_ACTORS.map((a) => [a, status])) as MatrixExpect),
  anonymous: 401,
  ...over,
});

/**
 * The matrices' troop: household A (a parent, a co-parent and a scout `scoutAFields` who signed
 * in with their own account), household B (a parent and a scout), a leader, an admin, a member
 * in no household and a service key; the Authorization header of each.
 */
export async function matrixTroop(
  h: HouseholdApp,
  scoutAFields: Record<string, unknown>,
): Promise<{ auth: Record<MatrixActor, string | undefined>; scoutA: string; scoutB: string }> {
  const auth: Record<MatrixActor, string | undefined> = {
    anonymous: undefined,
    service: `Bearer ${SERVICE_KEY}`,
    admin: await h.as('admin', 'admin'),
    leader: await h.as('leader', 'leader'),
    parentA: await h.as('parent-a'),
    coParentA: await h.as('coparent-a'),
    scoutA: await h.as('scout-a'),
    parentB: await h.as('parent-b'),
    member: await h.as('member'),
  };
  const scoutA = await familyWithScout(h, auth.parentA!, scoutAFields);
  const scoutB = await familyWithScout(h, auth.parentB!, { firstName: 'Sam', lastName: 'Brook' });
  h.t.clock.advance(1000);
  await invitedInto(h, auth.parentA!, auth.coParentA!);
  await invitedInto(h, auth.parentA!, auth.scoutA!, { kind: 'scout', scoutId: scoutA });
  return { auth, scoutA, scoutB };
}
