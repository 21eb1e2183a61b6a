/**
 * The Data API's table rules come from the roles configuration (its `tables` section,
 * docs/roles.md): a troop shares a table, restricts the calendar or closes a table without
 * editing code, and the invariants hold whatever it writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLES_CONFIG,
  parseRolesConfig,
  type RolesConfig,
} from '@scout/protocol/permissions';
import { loadConfig } from '../config.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest, PASSWORD_HASH, SERVICE_KEY, serviceKeys } from '../../test/rest.ts';
import { accessFor, type SignedInCaller } from './rules.ts';
import { tableRules as table } from '../../test/table-rules.ts';

/** The default roles with a `tables` section of the troop's own. */
const withTables = (tables: RolesConfig['tables']): RolesConfig =>
  parseRolesConfig({ roles: DEFAULT_ROLES_CONFIG.roles, defaultRole: 'user', tables });

const member = (role: string, userId = 'ann'): SignedInCaller => ({
  kind: 'user',
  userId,
  role,
  email: `${userId}@troop12.org`,
  status: 'active',
});

describe('table rules resolved from the configuration', () => {
  it('a configuration without a tables section gets exactly the default rules', () => {
    const bare: RolesConfig = { roles: DEFAULT_ROLES_CONFIG.roles, defaultRole: 'user' };
    const callers = [member('user'), member('leader'), member('admin'), member('ghost')];
    const service: SignedInCaller = { kind: 'service', keyId: 'k' };
    for (const name of ['users', 'custom_users', 'calendar_events', 'notes', 'files']) {
      for (const caller of [...callers, service]) {
        const dynamic = name === 'notes';
        expect(accessFor(table(name, dynamic), caller, bare)).toEqual(
          accessFor(table(name, dynamic), caller, DEFAULT_ROLES_CONFIG),
        );
      }
    }
    // What the defaults are, in the terms of the Data API.
    expect(accessFor(table('calendar_events', false), member('user'))).toMatchObject({
      read: { kind: 'all' },
      create: true,
      update: { kind: 'owner', column: 'user_id', userId: 'ann' },
    });
    expect(accessFor(table('calendar_events', false), member('leader')).delete).toEqual({
      kind: 'all',
    });
    expect(accessFor(table('users', false), member('user'))).toMatchObject({
      create: false,
      delete: null,
      fillOwner: false,
    });
    expect(accessFor(table('notes', true), member('leader')).read).toMatchObject({ kind: 'owner' });
  });

  it('a troop sets the rules in its ROLES_FILE, and a bad rule stops the start in one line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roles-'));
    const file = path.join(dir, 'roles.json');
    const roles = { roles: { user: { permissions: [] } }, defaultRole: 'user' };
    fs.writeFileSync(file, JSON.stringify({ ...roles, tables: { notes: { read: 'signed-in' } } }));
    expect(loadConfig({ ROLES_FILE: file }).roles.tables).toEqual({
      notes: { read: 'signed-in' },
    });
    fs.writeFileSync(file, JSON.stringify({ ...roles, tables: { notes: { read: 'public' } } }));
    expect(() => loadConfig({ ROLES_FILE: file })).toThrow(
      /^ROLES_FILE .*tables "notes"\.read cannot be "public"[^\n]*$/,
    );
    fs.rmSync(dir, { recursive: true });
  });
});

describe.each(testStoreKinds)('table rules from the configuration (%s)', (store) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function troop(roles: RolesConfig) {
    t = await buildTestApp({ store, deps: { serviceKeys }, config: { roles } });
    const ann = await addMember(t, 'ann');
    const bob = await addMember(t, 'bob');
    const lee = await addMember(t, 'lee');
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    return { ann, bob, lee };
  }

  const event = (id: string) => ({
    id,
    eventName: `Event ${id}`,
    eventDate: '2026-12-05',
    eventTime: '18:00',
    creatorName: 'Ann',
  });

  it('the served roles configuration leaves the rules out: they name tables a client has no use for', async () => {
    await troop(withTables({ patrol_log: { read: 'signed-in' } }));
    const res = await t.app.inject({ url: `/api/auth/roles?projectId=${t.deps.config.projectId}` });
    expect(Object.keys(res.json()).sort()).toEqual(['defaultRole', 'roles']);
    expect(res.body).not.toContain('patrol_log');
  });

  it('one table created on the fly is shared with every member; the others stay owner-only', async () => {
    const { ann, bob } = await troop(
      withTables({ patrol_log: { read: 'signed-in', update: 'signed-in' } }),
    );
    const log = { id: 'l1', text: 'Knots practised' };
    expect(
      (await callRest(t, 'POST', 'patrol_log', { token: ann.token, body: log })).statusCode,
    ).toBe(201);
    const note = { id: 'n1', text: 'private' };
    expect((await callRest(t, 'POST', 'notes', { token: ann.token, body: note })).statusCode).toBe(
      201,
    );

    const read = await callRest(t, 'GET', 'patrol_log', { token: bob.token });
    expect(read.json()).toEqual([expect.objectContaining({ id: 'l1', owner_id: 'ann' })]);
    const fixed = await callRest(t, 'PATCH', 'patrol_log?id=eq.l1', {
      token: bob.token,
      body: { text: 'Knots and lashings' },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual([
      expect.objectContaining({ text: 'Knots and lashings', owner_id: 'ann' }),
    ]);
    // Deleting falls back to the rule of every table created on the fly: the owner's alone.
    const removed = await callRest(t, 'DELETE', 'patrol_log?id=eq.l1', { token: bob.token });
    expect(removed.statusCode).toBe(403);
    expect((await callRest(t, 'GET', 'patrol_log', { token: ann.token })).json()).toHaveLength(1);

    expect((await callRest(t, 'GET', 'notes', { token: bob.token })).json()).toEqual([]);
    expect((await callRest(t, 'GET', 'patrol_log')).statusCode).toBe(401);
  });

  it('every table created on the fly can be opened to members at once', async () => {
    const { ann, bob } = await troop(withTables({ '*dynamic*': { read: 'signed-in' } }));
    await callRest(t, 'POST', 'notes', { token: ann.token, body: { id: 'n1', text: 'hello' } });
    expect((await callRest(t, 'GET', 'notes', { token: bob.token })).json()).toEqual([
      expect.objectContaining({ id: 'n1' }),
    ]);
    const changed = await callRest(t, 'PATCH', 'notes?id=eq.n1', {
      token: bob.token,
      body: { text: 'mine now' },
    });
    expect(changed.statusCode).toBe(403);
  });

  it('reading the calendar can need a permission; members still see their own events', async () => {
    const roles = withTables({
      calendar_events: { read: ['owner', 'tables.calendar_events.read'] },
    });
    roles.roles = {
      ...roles.roles,
      leader: { ...roles.roles.leader!, permissions: ['tables.calendar_events.read'] },
    };
    const { ann, bob, lee } = await troop(roles);
    for (const [who, id] of [
      [ann, 'a1'],
      [bob, 'b1'],
    ] as const) {
      const made = await callRest(t, 'POST', 'calendar_events', {
        token: who.token,
        body: event(id),
      });
      expect(made.statusCode).toBe(201);
    }
    const ids = async (token: string) =>
      (
        (await callRest(t, 'GET', 'calendar_events?order=id', { token })).json() as { id: string }[]
      ).map((e) => e.id);
    expect(await ids(bob.token)).toEqual(['b1']);
    expect(await ids(lee.token)).toEqual(['a1', 'b1']);
    // The calendar's own reads show the same: occurrences, an event's file, the feed.
    const calendar = (url: string, token?: string) =>
      t.app.inject({
        url: `/api/calendar/${t.deps.config.projectId}${url}`,
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
    const window = await calendar('/occurrences?from=2026-12-01&to=2026-12-31', bob.token);
    expect(window.json().occurrences.map((o: { eventId: string }) => o.eventId)).toEqual(['b1']);
    expect((await calendar('/events/a1.ics', bob.token)).statusCode).toBe(404);
    expect((await calendar('/events/a1.ics', lee.token)).statusCode).toBe(200);
    const { httpsUrl } = (await calendar('/feed-url', bob.token)).json();
    const feed = await t.app.inject({ url: new URL(httpsUrl).pathname });
    expect(feed.body).toContain('Event b1');
    expect(feed.body).not.toContain('Event a1');
    // Ann's event is invisible to Bob, so his change matches nothing rather than answering 403.
    const aimed = await callRest(t, 'PATCH', 'calendar_events?id=eq.a1', {
      token: bob.token,
      body: { eventTime: '07:00' },
    });
    expect(aimed.json()).toEqual([]);
  });

  it('a calendar closed to members: nobody creates, only the permission reads, admins and service keys as ever', async () => {
    const { ann } = await troop(
      withTables({ calendar_events: { read: 'calendar.read', create: 'nobody' } }),
    );
    const admin = await addMember(t, 'ada', 'admin');
    const refused = await callRest(t, 'POST', 'calendar_events', {
      token: ann.token,
      body: event('x1'),
    });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await callRest(t, 'POST', 'calendar_events', {
      token: admin.token,
      body: { ...event('x2'), userId: 'ada' },
    });
    expect(byAdmin.statusCode).toBe(201);
    expect((await callRest(t, 'GET', 'calendar_events', { token: ann.token })).json()).toEqual([]);
    const byService = await callRest(t, 'GET', 'calendar_events', {
      headers: { authorization: `Bearer ${SERVICE_KEY}` },
    });
    expect(byService.json()).toEqual([expect.objectContaining({ id: 'x2' })]);
  });

  it('a rule naming a table the Data API does not serve opens nothing', async () => {
    const open = { read: 'signed-in', create: 'signed-in', update: 'signed-in' } as const;
    const { ann } = await troop(
      withTables({ households: open, files: open, refresh_tokens: open }),
    );
    await t.deps.store.query(
      "INSERT INTO households (id, name, created_by, created_at) VALUES ('h1', 'The Smiths', 'ann', '2026-11-01')",
    );
    // A table of the families area shows nothing and takes nothing through the Data API.
    const read = await callRest(t, 'GET', 'households', { token: ann.token });
    expect([200, 404]).toContain(read.statusCode);
    expect(read.body).not.toContain('The Smiths');
    const written = await callRest(t, 'POST', 'households', {
      token: ann.token,
      body: { id: 'h2', name: 'x' },
    });
    expect(written.statusCode).toBe(404);
    const { rows } = await t.deps.store.query('SELECT id FROM households');
    expect(rows).toEqual([{ id: 'h1' }]);
    // The server's own tables are not there at all.
    for (const table of ['files', 'refresh_tokens']) {
      expect((await callRest(t, 'GET', table, { token: ann.token })).statusCode, table).toBe(404);
    }
  });

  it('opening the member list to members never shows a password hash, nor lets anyone change roles', async () => {
    const { bob } = await troop(withTables({ users: { read: 'signed-in', update: 'signed-in' } }));
    const listed = await callRest(t, 'GET', 'users?order=id', { token: bob.token });
    expect(listed.json().map((u: { id: string }) => u.id)).toEqual(['ann', 'bob', 'lee']);
    expect(listed.body).not.toContain(PASSWORD_HASH);
    expect(listed.body).not.toContain('password');
    const promoted = await callRest(t, 'PATCH', 'users?id=eq.ann', {
      token: bob.token,
      body: { role: 'admin' },
    });
    expect(promoted.statusCode).toBe(403);
    const [ann] = (await t.deps.store.query("SELECT role FROM users WHERE id = 'ann'")).rows;
    expect(ann).toEqual({ role: 'user' });
  });
});
