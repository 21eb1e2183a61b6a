/**
 * The roles checks of the auth client (docs/roles.md): `hasRole`, `can`, the server's
 * configuration loaded by `loadRoles()` and one given to `createClient` instead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RolesConfig } from '@scout/protocol/permissions';
import { createClient, type ScoutClient } from '../client.ts';
import { BASE_URL, FakeApi, jsonReply } from '../../test/fake-api.ts';
import { PROJECT, disposeWorld, newWorld } from '../../test/auth-world.ts';
import { FakeAuthServer, makeUser } from '../../test/fake-auth-server.ts';
import { FakeStorage, FakeWindow } from '../../test/fake-browser.ts';

/** A troop's own configuration, unlike the default, so a test sees which one was used. */
const TROOP_ROLES: RolesConfig = {
  defaultRole: 'user',
  roles: {
    admin: { permissions: ['*'] },
    quartermaster: { permissions: ['storage.troop.write', 'events.*'], inherit: ['patrol'] },
    patrol: { permissions: ['rsvps.manage'], inherit: ['user'] },
    user: { permissions: ['ai.use'] },
  },
};

const clients: ScoutClient<object>[] = [];
afterEach(() => {
  disposeWorld();
  for (const c of clients.splice(0)) {
    c.realtime.close();
    c.auth.dispose();
  }
});

/** An auth client signed in as a member with `role`, and the fake API it talks to. */
async function signedInAs(role: string, roles?: RolesConfig) {
  const w = newWorld();
  w.api.on('POST', '/api/auth/signin/email', () =>
    jsonReply(200, w.server.session(makeUser({ role }))),
  );
  w.api.on('GET', '/api/auth/roles', () => jsonReply(200, TROOP_ROLES));
  const { auth } = w.open(roles ? { roles } : {});
  await auth.ready();
  await auth.signInWithEmail('kim@troop42.test', 'correct horse');
  return { w, auth };
}

const rolesRequests = (api: FakeApi) => api.requests.filter((r) => r.path === '/api/auth/roles');

describe('auth.hasRole', () => {
  it("compares with the signed-in member's role, one role or any of a list", async () => {
    const { auth } = await signedInAs('quartermaster');
    expect(auth.hasRole('quartermaster')).toBe(true);
    expect(auth.hasRole(['admin', 'quartermaster'])).toBe(true);
    // Inheritance grants permissions, not roles.
    expect(auth.hasRole('patrol')).toBe(false);
    expect(auth.hasRole(['admin', 'user'])).toBe(false);
    expect(auth.hasRole([])).toBe(false);
  });

  it('is false for everything when nobody is signed in', async () => {
    const w = newWorld();
    const { auth } = w.open();
    await auth.ready();
    expect(auth.hasRole('user')).toBe(false);
    expect(auth.hasRole(['user', 'admin'])).toBe(false);
  });
});

describe('auth.can and auth.loadRoles', () => {
  it("is false until a configuration is known, then follows the server's", async () => {
    const { w, auth } = await signedInAs('quartermaster');
    expect(auth.can('events.manage')).toBe(false);
    expect(rolesRequests(w.api)).toEqual([]);

    expect(await auth.loadRoles()).toEqual(TROOP_ROLES);
    const [request] = rolesRequests(w.api);
    expect(request?.query.get('projectId')).toBe(PROJECT);
    // The configuration is public: it is read without the member's token.
    expect(request?.headers.authorization).toBeUndefined();

    expect(auth.can('events.manage')).toBe(true); // the segment wildcard events.*
    expect(auth.can('storage.troop.write')).toBe(true);
    expect(auth.can('rsvps.manage')).toBe(true); // inherited from patrol
    expect(auth.can('ai.use')).toBe(true); // inherited from user, through patrol
    expect(auth.can('sql.run')).toBe(false);
    expect(auth.can('storage.all')).toBe(false);
    // A resource narrows a permission: `storage.troop` + `write` is `storage.troop.write`.
    expect(auth.can('storage.troop', 'write')).toBe(true);
    expect(auth.can('storage.users', 'write')).toBe(false);
  });

  it('loads the configuration once', async () => {
    const { w, auth } = await signedInAs('patrol');
    await auth.loadRoles();
    await auth.loadRoles();
    expect(rolesRequests(w.api)).toHaveLength(1);
    expect(auth.can('rsvps.manage')).toBe(true);
    expect(auth.can('events.manage')).toBe(false);
  });

  it('allows nothing to a role the configuration does not name, nor to a signed-out client', async () => {
    const { auth } = await signedInAs('scoutmaster');
    await auth.loadRoles();
    expect(auth.can('ai.use')).toBe(false);
    expect(auth.can('events.manage')).toBe(false);

    const w = newWorld();
    w.api.on('GET', '/api/auth/roles', () => jsonReply(200, TROOP_ROLES));
    const { auth: signedOut } = w.open();
    await signedOut.ready();
    await signedOut.loadRoles();
    expect(signedOut.can('ai.use')).toBe(false);
  });

  it('allows everything to a role holding *', async () => {
    const { auth } = await signedInAs('admin');
    await auth.loadRoles();
    expect(auth.can('sql.run')).toBe(true);
    expect(auth.can('anything.a.troop.invents')).toBe(true);
  });

  it('follows the member of the moment: signing out takes every permission away', async () => {
    const { auth } = await signedInAs('quartermaster');
    await auth.loadRoles();
    expect(auth.can('events.manage')).toBe(true);
    await auth.signOut();
    expect(auth.can('events.manage')).toBe(false);
    expect(auth.hasRole('quartermaster')).toBe(false);
  });
});

describe('a roles configuration given to createClient', () => {
  function open(roles: RolesConfig) {
    const api = new FakeApi();
    const server = new FakeAuthServer(api);
    api.on('POST', '/api/auth/signin/email', () =>
      jsonReply(200, server.session(makeUser({ role: 'patrol' }))),
    );
    const client = createClient({
      projectId: PROJECT,
      baseUrl: BASE_URL,
      fetch: api.fetch,
      window: new FakeWindow('https://app.scout.test/', new FakeStorage()),
      roles,
    });
    clients.push(client);
    return { api, client };
  }

  it('answers can at once and is what loadRoles gives, without asking the server', async () => {
    const { api, client } = open(TROOP_ROLES);
    await client.auth.ready();
    await client.auth.signInWithEmail('kim@troop42.test', 'correct horse');
    expect(client.auth.can('rsvps.manage')).toBe(true);
    expect(client.auth.can('ai.use')).toBe(true);
    expect(client.auth.can('events.manage')).toBe(false);
    expect(await client.auth.loadRoles()).toBe(TROOP_ROLES);
    expect(rolesRequests(api)).toEqual([]);
  });
});
