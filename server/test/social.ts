/**
 * The social feed's test troop and calls to its routes (src/social/routes.ts). The troop: an
 * admin, two leaders, a parent and their scout (who signed in with their own account, linked to
 * the scout's profile) in patrol Owls and the same in Hawks, a parent with no scouts, a leader of
 * another troop, nobody and a service key. Both scouts may post (a parent allowed it); the
 * troop's setting is the default (youth posts wait for a leader).
 */
import type { LightMyRequestResponse } from 'fastify';
import { familyWithScout, householdApp, invitedInto, type HouseholdApp } from './households.ts';
import { multipart, png, SERVICE_KEY } from './storage.ts';
import type { StoreKind, TestApp } from './test-app.ts';
import { addUnit, joinUnit } from './troops.ts';

export const SOCIAL_ACTORS = [
  'admin',
  'leader',
  'leader2',
  'parentOwls',
  'youthOwls',
  'parentHawks',
  'youthHawks',
  'noScouts',
  'outsider',
  'anonymous',
  'service',
] as const;
export type SocialActor = (typeof SOCIAL_ACTORS)[number];

/** The other troop the outsider leads. */
export const OTHER_TROOP = {
  id: 'troop-other',
  projectId: 'troop-other-project',
  name: 'Troop 45',
};

export interface SocialTroop {
  h: HouseholdApp;
  t: TestApp;
  /** Each actor's Authorization header (undefined: signed out). */
  auth: Record<SocialActor, string | undefined>;
  /** Each actor's account id ('' for the signed out and the service key). */
  userId: Record<SocialActor, string>;
  /** The scouts' profile ids. */
  scouts: { owls: string; hawks: string };
  /** One call as an actor to /api/social/{projectId}{path}. */
  call(
    actor: SocialActor,
    method: SocialMethod,
    path: string,
    payload?: unknown,
    projectId?: string,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export type SocialMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call to /api/social/{projectId}{path}; `auth` is an Authorization header. */
export const callSocial = (
  t: TestApp,
  auth: string | undefined,
  method: SocialMethod,
  path: string,
  payload?: unknown,
  projectId = t.deps.config.projectId,
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url: `/api/social/${projectId}${path}`,
    headers: auth ? { authorization: auth } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const USER_IDS: Record<SocialActor, string> = {
  admin: 'social-admin',
  leader: 'social-leader',
  leader2: 'social-leader-2',
  parentOwls: 'parent-owls',
  youthOwls: 'youth-owls',
  parentHawks: 'parent-hawks',
  youthHawks: 'youth-hawks',
  noScouts: 'no-scouts',
  outsider: 'outsider',
  anonymous: '',
  service: '',
};

/** Sets whether a scout may post (what a parent's permission writes). */
export async function allowPosting(t: TestApp, scoutId: string, allowed = true): Promise<void> {
  const value = t.deps.store.dialect === 'postgres' ? allowed : allowed ? 1 : 0;
  await t.deps.store.query('UPDATE scouts SET may_post = ? WHERE id = ?', [value, scoutId]);
}

/** Sets a scout's "no photos of me". */
export async function setNoPhotos(t: TestApp, scoutId: string, noPhotos = true): Promise<void> {
  const value = t.deps.store.dialect === 'postgres' ? noPhotos : noPhotos ? 1 : 0;
  await t.deps.store.query('UPDATE scouts SET no_photos = ? WHERE id = ?', [value, scoutId]);
}

/** Fills an app's first troop with the social actors. */
export async function populateSocialTroop(
  h: HouseholdApp,
): Promise<Omit<SocialTroop, 'close' | 'h' | 't' | 'call'>> {
  const { t } = h;
  await addUnit(t, OTHER_TROOP);
  const auth: Record<SocialActor, string | undefined> = {
    admin: await h.as(USER_IDS.admin, 'admin'),
    leader: await h.as(USER_IDS.leader, 'leader'),
    leader2: await h.as(USER_IDS.leader2, 'leader'),
    parentOwls: await h.as(USER_IDS.parentOwls),
    youthOwls: await h.as(USER_IDS.youthOwls),
    parentHawks: await h.as(USER_IDS.parentHawks),
    youthHawks: await h.as(USER_IDS.youthHawks),
    noScouts: await h.as(USER_IDS.noScouts),
    outsider: await h.as(USER_IDS.outsider, 'leader'),
    anonymous: undefined,
    service: `Bearer ${SERVICE_KEY}`,
  };
  await t.deps.store.query('DELETE FROM memberships WHERE user_id = ?', [USER_IDS.outsider]);
  await joinUnit(t, USER_IDS.outsider, OTHER_TROOP.id, 'leader');
  const scouts = { owls: '', hawks: '' };
  for (const [parent, youth, patrol] of [
    ['parentOwls', 'youthOwls', 'Owls'],
    ['parentHawks', 'youthHawks', 'Hawks'],
  ] as const) {
    const scoutId = await familyWithScout(h, auth[parent]!, {
      firstName: patrol === 'Owls' ? 'Olive' : 'Harry',
      lastName: 'Scout',
      patrol,
    });
    await invitedInto(h, auth[parent]!, auth[youth]!, { kind: 'scout', scoutId });
    await allowPosting(t, scoutId);
    scouts[patrol === 'Owls' ? 'owls' : 'hawks'] = scoutId;
  }
  return { auth, userId: { ...USER_IDS }, scouts };
}

/** A new app (both stores: `kind`) holding the social troop. */
export async function socialTroop(kind: StoreKind): Promise<SocialTroop> {
  const h = await householdApp(kind);
  const filled = await populateSocialTroop(h);
  return {
    ...filled,
    h,
    t: h.t,
    call: (actor, method, path, payload, projectId) =>
      callSocial(h.t, filled.auth[actor], method, path, payload, projectId),
    close: () => h.t.close(),
  };
}

/** A post by `actor` in `channel` (default the troop's); answers its id. */
export async function socialPost(
  s: Pick<SocialTroop, 'call'>,
  actor: SocialActor,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await s.call(actor, 'POST', '/posts', { channel: 'troop', body: 'Hello', ...body });
  if (res.statusCode !== 200) throw new Error(`posting: ${res.statusCode} ${res.body}`);
  return res.json().post.id as string;
}

/** A photo uploaded by `actor` (POST /photos), not yet in a post; answers its id. */
export async function uploadSocialPhoto(
  s: Pick<SocialTroop, 't' | 'auth'>,
  actor: SocialActor,
): Promise<string> {
  const { payload, headers } = await multipart({ data: await png(64, 48), filename: 'camp.png' });
  const auth = s.auth[actor];
  const res = await s.t.app.inject({
    method: 'POST',
    url: `/api/social/${s.t.deps.config.projectId}/photos`,
    headers: { ...headers, ...(auth ? { authorization: auth } : {}) },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`uploading: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
