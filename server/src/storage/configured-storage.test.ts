/**
 * Storage areas' rules come from the roles configuration (its `storage` section,
 * docs/roles.md): a troop opens or closes the troop area, adds an area of its own, or keeps
 * members' files private, and the answers a client sees follow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLES_CONFIG,
  parseRolesConfig,
  type RolesConfig,
} from '@scout/protocol/permissions';
import { buildAiTestApp, type AiTestApp } from '../../test/ai.ts';
import { SIMULATED_PNG } from '../../test/ai-provider-simulation.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { bearer, download, fetchPublic, remove, serviceKeys, upload } from '../../test/storage.ts';
import { DEFAULT_STORAGE_RULES, storageRulesOf } from './area-rules.ts';

/** The default roles (leaders also hold `patrol.files`) with a `storage` section of the troop's own. */
function withStorage(storage: RolesConfig['storage']): RolesConfig {
  const { roles } = DEFAULT_ROLES_CONFIG;
  return parseRolesConfig({
    defaultRole: 'user',
    roles: {
      ...roles,
      leader: { ...roles.leader!, permissions: [...roles.leader!.permissions, 'patrol.files'] },
    },
    storage,
  });
}

describe('storage rules resolved from the configuration', () => {
  it('a configuration without a storage section gets exactly the default rules', () => {
    const bare = storageRulesOf({ roles: DEFAULT_ROLES_CONFIG.roles, defaultRole: 'user' });
    expect(bare).toEqual(DEFAULT_STORAGE_RULES);
    expect(DEFAULT_STORAGE_RULES.areas.get('troop')).toEqual({
      read: ['signed-in'],
      write: ['storage.troop.write'],
    });
    // A new area takes what it leaves out from `*`.
    const own = storageRulesOf(withStorage({ patrols: { write: 'patrol.files' } }));
    expect(own.areas.get('patrols')).toEqual({ read: ['public'], write: ['patrol.files'] });
  });
});

describe.each(embeddedStore)('storage rules from the configuration (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function troop(roles: RolesConfig) {
    t = await buildTestApp({ store: kind, deps: { serviceKeys }, config: { roles } });
    return {
      member: await bearer(t, 'member'),
      other: await bearer(t, 'other'),
      leader: await bearer(t, 'leader', 'leader'),
      admin: await bearer(t, 'admin', 'admin'),
    };
  }
  const put = (auth: string, path: string, upsert = false) =>
    upload(t, auth, {
      path,
      data: 'hello',
      ...(upsert ? { options: '{"upsert":true}' } : {}),
    }).then((r) => r.statusCode);

  it('the troop area opened to every member: any member adds, replaces and removes its files', async () => {
    const who = await troop(withStorage({ troop: { write: 'signed-in' } }));
    expect(await put(who.leader, 'troop/packing-list.txt')).toBe(200);
    expect(await put(who.member, 'troop/menu.txt')).toBe(200);
    expect(await put(who.member, 'troop/packing-list.txt', true)).toBe(200);
    expect((await remove(t, who.other, ['troop/menu.txt'])).statusCode).toBe(200);
    // Members' own folders stay theirs.
    expect(await put(who.member, 'users/other/x.txt')).toBe(403);
  });

  it('the troop area closed to leaders: only storage.all (admins) and service keys still write', async () => {
    const who = await troop(withStorage({ troop: { write: 'nobody' } }));
    expect(await put(who.leader, 'troop/packing-list.txt')).toBe(403);
    expect(await put(who.admin, 'troop/packing-list.txt')).toBe(200);
    expect((await remove(t, who.leader, ['troop/packing-list.txt'])).statusCode).toBe(403);
    // Reading is unchanged: every member still gets a link.
    const link = await download(t, who.member, { path: 'troop/packing-list.txt' });
    expect(link.statusCode).toBe(200);
    expect((await fetchPublic(t, link.json().downloadUrl)).body).toBe('hello');
  });

  it('an area of the troop: written by a permission, read by members through signed links', async () => {
    const who = await troop(
      withStorage({ patrols: { read: 'signed-in', write: ['owner', 'patrol.files'] } }),
    );
    expect(await put(who.member, 'patrols/eagles/roster.txt')).toBe(403);
    const stored = await upload(t, who.leader, { path: 'patrols/eagles/roster.txt', data: 'r' });
    expect(stored.statusCode).toBe(200);
    const plain = `${t.deps.config.publicUrl}/api/storage/${t.deps.config.projectId}/object/patrols/eagles/roster.txt`;
    expect((await fetchPublic(t, plain)).statusCode).toBe(404);
    const link = await download(t, who.member, { path: 'patrols/eagles/roster.txt' });
    expect((await fetchPublic(t, link.json().downloadUrl)).body).toBe('r');
    expect((await download(t, undefined, { path: 'patrols/eagles/roster.txt' })).statusCode).toBe(
      401,
    );
  });

  it('reading an area can need a permission: others are answered as if the file did not exist', async () => {
    const who = await troop(withStorage({ troop: { read: 'patrol.files' } }));
    expect(await put(who.leader, 'troop/plan.txt')).toBe(200);
    expect((await download(t, who.member, { path: 'troop/plan.txt' })).statusCode).toBe(404);
    expect((await download(t, who.leader, { path: 'troop/plan.txt' })).statusCode).toBe(200);
    expect((await download(t, who.admin, { path: 'troop/plan.txt' })).statusCode).toBe(200);
  });

  it("members' files kept private: only their owner gets a link, and the plain URL opens nothing", async () => {
    const who = await troop(withStorage({ users: { read: 'owner' } }));
    const stored = await upload(t, who.member, { path: 'users/member/notes.txt', data: 'mine' });
    expect(stored.statusCode).toBe(200);
    const plain = `${t.deps.config.publicUrl}/api/storage/${t.deps.config.projectId}/object/users/member/notes.txt`;
    expect((await fetchPublic(t, plain)).statusCode).toBe(404);
    expect((await fetchPublic(t, stored.json().publicUrl)).body).toBe('mine');
    expect((await download(t, who.other, { path: 'users/member/notes.txt' })).statusCode).toBe(404);
    const link = await download(t, who.member, { path: 'users/member/notes.txt' });
    expect((await fetchPublic(t, link.json().downloadUrl)).body).toBe('mine');
  });
});

describe.each(embeddedStore)(
  'files read back through the AI gateway follow the rules (%s)',
  (kind) => {
    let t: AiTestApp | undefined;
    afterEach(async () => t?.close());

    it('an image of an area that is not public is read only through its signed link', async () => {
      t = await buildAiTestApp(kind, {
        config: { roles: withStorage({ users: { read: 'owner' } }) },
      });
      const lee = await bearer(t, 'lee', 'leader');
      const kim = await bearer(t, 'kim', 'leader');
      const made = await t.post('/image', { prompt: 'A tent' }, lee);
      const url: string = made.json().data[0].url;
      // Members' files are private here, so even the generated image comes back signed.
      expect(new URL(url).searchParams.get('sig')).toBeTruthy();
      const plain = url.slice(0, url.indexOf('?'));
      expect(
        (await t.post('/image', { prompt: 'Add a fire', images: [plain] }, kim)).statusCode,
      ).toBe(404);
      expect(
        (await t.post('/image', { prompt: 'Add a fire', images: [url] }, lee)).statusCode,
      ).toBe(200);

      // The troop area (signed links by default) likewise.
      const stored = await upload(t, lee, { path: 'troop/map.png', data: SIMULATED_PNG });
      expect(stored.statusCode).toBe(200);
      const troopUrl: string = stored.json().publicUrl;
      const troopPlain = troopUrl.slice(0, troopUrl.indexOf('?'));
      expect((await t.post('/image', { prompt: 'x', images: [troopPlain] }, lee)).statusCode).toBe(
        404,
      );
      expect((await t.post('/image', { prompt: 'x', images: [troopUrl] }, lee)).statusCode).toBe(
        200,
      );
    });
  },
);
