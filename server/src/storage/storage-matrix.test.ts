/**
 * Who may do what with stored files, role by role and area by area, under the roles
 * configuration in use (docs/roles.md): each cell is an HTTP answer a client would see.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES_CONFIG, type RolesConfig } from '@scout/protocol/permissions';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import {
  SERVICE_KEY,
  bearer,
  download,
  fetchPublic,
  remove,
  serviceKeys,
  upload,
} from '../../test/storage.ts';

type Who = 'anonymous' | 'member' | 'leader' | 'admin' | 'service';
const WHO: Who[] = ['anonymous', 'member', 'leader', 'admin', 'service'];
const ROLE_OF: Record<Exclude<Who, 'service' | 'anonymous'>, string> = {
  member: 'user',
  leader: 'leader',
  admin: 'admin',
};

/**
 * Expected status per caller, in WHO order. "Another member" is `owner`, an ordinary member
 * whose files the callers did not upload. Members' folders are public to read (avatars and
 * profile files, docs/roles.md), so their plain URL opens for anyone; a troop file's does not.
 */
const CELLS: Array<{ what: string; expected: [number, number, number, number, number] }> = [
  { what: 'create in own folder', expected: [401, 200, 200, 200, 200] },
  { what: "create in another member's folder", expected: [401, 403, 403, 200, 200] },
  { what: "read another member's file (download link)", expected: [401, 200, 200, 200, 200] },
  { what: "read another member's file (plain URL)", expected: [200, 200, 200, 200, 200] },
  { what: "overwrite another member's file", expected: [401, 403, 403, 200, 200] },
  { what: "remove another member's file", expected: [401, 403, 403, 200, 200] },
  { what: 'create in the troop area', expected: [401, 403, 200, 200, 200] },
  { what: 'overwrite a troop file another uploaded', expected: [401, 403, 200, 200, 200] },
  { what: 'remove a troop file another uploaded', expected: [401, 403, 200, 200, 200] },
  { what: 'download a troop file', expected: [401, 200, 200, 200, 200] },
  { what: 'read a troop file by its plain URL', expected: [404, 404, 404, 404, 404] },
  { what: 'create outside every area', expected: [401, 403, 403, 200, 200] },
];

async function answer(t: TestApp, auth: string | undefined, who: Who, what: string, n: number) {
  // A key has no folder of its own: its "own" is a member's of its troop.
  const self = who === 'service' ? 'owner' : who;
  const put = (path: string, upsert = false) =>
    upload(t, auth, {
      path,
      data: `by ${who}`,
      ...(upsert ? { options: '{"upsert":true}' } : {}),
    });
  switch (what) {
    case 'create in own folder':
      return (await put(`users/${self}/notes-${n}.txt`)).statusCode;
    case "create in another member's folder":
      return (await put(`users/owner/new-${who}.txt`)).statusCode;
    case "read another member's file (download link)":
      return (await download(t, auth, { path: 'users/owner/kept.txt' })).statusCode;
    case "read another member's file (plain URL)":
      return (await fetchPublic(t, objectUrl(t, 'users/owner/kept.txt'))).statusCode;
    case "overwrite another member's file":
      return (await put('users/owner/kept.txt', true)).statusCode;
    case "remove another member's file":
      return (await remove(t, auth, [`users/owner/spare-${who}.txt`])).statusCode;
    case 'create in the troop area':
      return (await put(`troop/new-${who}.txt`)).statusCode;
    case 'overwrite a troop file another uploaded':
      return (await put('troop/packing-list.txt', true)).statusCode;
    case 'remove a troop file another uploaded':
      return (await remove(t, auth, [`troop/old-${who}.txt`])).statusCode;
    case 'download a troop file':
      return (await download(t, auth, { path: 'troop/packing-list.txt' })).statusCode;
    case 'read a troop file by its plain URL':
      return (await fetchPublic(t, objectUrl(t, 'troop/packing-list.txt'))).statusCode;
    case 'create outside every area':
      return (await put(`shared/${who}.txt`)).statusCode;
  }
  throw new Error(what);
}

/** A stored file's address without a signature, as a `publicUrl` is written. */
const objectUrl = (t: TestApp, path: string) =>
  `${t.deps.config.publicUrl}/api/storage/${t.deps.config.projectId}/object/${path}`;

describe.each(testStoreKinds)('storage authorization matrix (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const start = async (roles: RolesConfig = DEFAULT_ROLES_CONFIG) => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys }, config: { roles } });
    const auth: Record<Who, string | undefined> = {
      anonymous: undefined,
      member: await bearer(t, 'member', ROLE_OF.member),
      leader: await bearer(t, 'leader', ROLE_OF.leader),
      admin: await bearer(t, 'admin', ROLE_OF.admin),
      service: `Bearer ${SERVICE_KEY}`,
    };
    const owner = await bearer(t, 'owner');
    const seed = async (who: string | undefined, path: string) =>
      expect((await upload(t, who, { path, data: 'seed' })).statusCode).toBe(200);
    await seed(owner, 'users/owner/kept.txt');
    for (const w of WHO) await seed(owner, `users/owner/spare-${w}.txt`);
    await seed(auth.admin, 'troop/packing-list.txt');
    for (const w of WHO) await seed(auth.admin, `troop/old-${w}.txt`);
    return auth;
  };

  it('answers every role, area and operation as the default configuration says', async () => {
    const auth = await start();
    const got: Record<string, number[]> = {};
    const want: Record<string, number[]> = {};
    for (const [n, cell] of CELLS.entries()) {
      want[cell.what] = cell.expected;
      got[cell.what] = [];
      for (const who of WHO) got[cell.what]!.push(await answer(t, auth[who], who, cell.what, n));
    }
    expect(got).toEqual(want);
  });

  it('troop files are not public: only a signed link from /download opens them, and not for long', async () => {
    const auth = await start();
    const plain = objectUrl(t, 'troop/packing-list.txt');
    expect((await fetchPublic(t, plain)).statusCode).toBe(404);
    expect((await fetchPublic(t, `${plain}?expires=99999999999&sig=forged`)).statusCode).toBe(404);

    const anonymous = await download(t, undefined, { path: 'troop/packing-list.txt' });
    expect(anonymous.statusCode).toBe(401);
    const { downloadUrl } = (
      await download(t, auth.member, { path: 'troop/packing-list.txt' })
    ).json();
    const opened = await fetchPublic(t, downloadUrl);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('seed');

    // The link names its path: it opens no other troop file.
    const moved = downloadUrl.replace('packing-list.txt', 'old-member.txt');
    expect((await fetchPublic(t, moved)).statusCode).toBe(404);

    // A member's own files stay public, as avatars need to be shown to everyone.
    const own = await upload(t, auth.member, { path: 'users/member/a.txt', data: 'mine' });
    expect((await fetchPublic(t, own.json().publicUrl)).statusCode).toBe(200);

    t.clock.advance(60 * 60 * 1000);
    expect((await fetchPublic(t, downloadUrl)).statusCode).toBe(404);
  });

  it('follows a configuration of the troop: members write the troop area, leaders every file', async () => {
    const roles: RolesConfig = {
      defaultRole: 'user',
      roles: {
        admin: { permissions: ['*'] },
        leader: { permissions: ['storage.*'], inherit: ['user'] },
        user: { permissions: ['storage.troop.write'] },
      },
    };
    const auth = await start(roles);
    const put = (who: Who, path: string) => upload(t, auth[who], { path, data: 'x' });
    expect((await put('member', 'troop/from-a-member.txt')).statusCode).toBe(200);
    expect((await put('member', 'users/owner/no.txt')).statusCode).toBe(403);
    expect((await put('leader', 'users/owner/yes.txt')).statusCode).toBe(200);
  });
});
