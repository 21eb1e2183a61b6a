/**
 * Troops as units (docs/decisions/065-troops.md): the project id in a path names a troop of the
 * server, the first troop is what a one-troop server was, and upgrading one keeps all its rows
 * in that troop.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, openTestStore, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { bearer, signUp } from '../../test/auth.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';
import { migrate } from '../store/migrate.ts';
import type { Store } from '../store/store.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { troopDirectory } from './troop-directory.ts';

const NOW = '2026-11-01T00:00:00.000Z';

describe.each(testStoreKinds)('troops (%s)', (kind) => {
  let t: TestApp | undefined;
  let store: Store | undefined;
  afterEach(async () => {
    await t?.close();
    await store?.close();
    t = store = undefined;
  });

  it('a new server has one troop, named on the wire by PROJECT_ID; another project id is unknown', async () => {
    t = await buildTestApp({
      store: kind,
      config: { projectId: 'troop-12', signupMode: 'approval' },
    });
    const troop = await t.deps.troops.byProjectId('troop-12');
    expect(troop).toMatchObject({
      id: FIRST_TROOP_ID,
      projectId: 'troop-12',
      kind: 'troop',
      signupMode: 'approval',
      timeZone: t.deps.config.timezone,
      name: null,
    });
    const ours = await t.app.inject({
      method: 'GET',
      url: '/api/db/troop-12/rest/v1/calendar_events',
    });
    expect(ours.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/db/troop-45/rest/v1/calendar_events',
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('a troop added to the store is found by its project id, with its own settings, within the kept time', async () => {
    store = await openTestStore(kind);
    let clock = 0;
    const troops = troopDirectory(
      store,
      {
        projectId: 'troop-12',
        timezone: 'America/Chicago',
        signupMode: 'open',
        troopContact: undefined,
      },
      () => clock,
    );
    expect(await troops.byProjectId('troop-45')).toBeUndefined();
    await store.query(
      `INSERT INTO troops (id, kind, number, name, project_id, time_zone, signup_mode, contact, created_at)
       VALUES ('t45', 'troop', '45', 'Troop 45 Riverside', 'troop-45', 'America/Denver', 'invite', 'Ask Pat', ?)`,
      [NOW],
    );
    // Written as another process would (this directory is not told; test/troops.ts's addUnit
    // would tell it): kept for a few seconds, the new troop shows once that time has passed.
    expect(await troops.byProjectId('troop-45')).toBeUndefined();
    clock += 5001;
    expect(await troops.byProjectId('troop-45')).toEqual({
      id: 't45',
      projectId: 'troop-45',
      kind: 'troop',
      number: '45',
      name: 'Troop 45 Riverside',
      timeZone: 'America/Denver',
      signupMode: 'invite',
      contact: 'Ask Pat',
      councilId: null,
    });
    // The configured project id stays the first troop's, whatever a row claims.
    await store.query(
      `INSERT INTO troops (id, project_id, created_at) VALUES ('t99', 'troop-12', ?)`,
      [NOW],
    );
    troops.forget();
    expect((await troops.byProjectId('troop-12'))?.id).toBe(FIRST_TROOP_ID);
    expect((await troops.byId('t45'))?.name).toBe('Troop 45 Riverside');
  });

  it('one sign-in reaches each troop the person belongs to, with the role held there; any other troop is unknown to them', async () => {
    t = await buildTestApp({ store: kind, config: { projectId: 'troop-12' } });
    await addUnit(t, { id: 't45', number: '45', projectId: 'troop-45' });
    await addUnit(t, { id: 't7', number: '7', projectId: 'troop-7' });
    const { user, access_token } = await signUp(t);
    await joinUnit(t, user.id, 't45', 'admin');
    const members = (projectId: string) =>
      t!.app.inject({
        method: 'GET',
        url: `/api/members/${projectId}/audit`,
        headers: bearer(access_token),
      });
    // A member in troop 12, an admin in troop 45: the audit log is for admins only.
    expect((await members('troop-12')).statusCode).toBe(403);
    expect((await members('troop-45')).statusCode).toBe(200);
    const stranger = await members('troop-7');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('upgrading a one-troop server puts every row and every account’s role in the first troop', async () => {
    store = await openTestStore(kind, { upTo: 40 });
    await store.query(
      `INSERT INTO users (id, email, role, status, created_at, updated_at)
       VALUES ('u1', 'lee@example.com', 'admin', 'active', ?, ?), ('u2', 'sam@example.com', 'user', 'pending', ?, ?)`,
      [NOW, NOW, NOW, NOW],
    );
    await store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at)
       VALUES ('e1', 'u1', 'Court of Honor', '2026-12-04', '19:00', ?, ?)`,
      [NOW, NOW],
    );
    await migrate(store);
    const { rows: members } = await store.query(
      'SELECT user_id, troop_id, role, status FROM memberships ORDER BY user_id',
    );
    expect(members).toEqual([
      { user_id: 'u1', troop_id: FIRST_TROOP_ID, role: 'admin', status: 'active' },
      { user_id: 'u2', troop_id: FIRST_TROOP_ID, role: 'user', status: 'pending' },
    ]);
    const { rows: events } = await store.query('SELECT id, troop_id FROM calendar_events');
    expect(events).toEqual([{ id: 'e1', troop_id: FIRST_TROOP_ID }]);
    // The new event's notice job, queued by its trigger before the upgrade.
    const { rows: jobs } = await store.query('SELECT DISTINCT troop_id FROM jobs');
    expect(jobs).toEqual([{ troop_id: FIRST_TROOP_ID }]);
    const { rows: troops } = await store.query('SELECT id, project_id FROM troops');
    expect(troops).toEqual([{ id: FIRST_TROOP_ID, project_id: null }]);
  });
});
