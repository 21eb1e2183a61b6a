/**
 * Operator SQL reads every troop's rows (sql-routes.ts): only the server's operators run it, a
 * platform admin (the first troop's admin) or an operator's service key, never another troop's
 * admin nor a key made for another troop. The platform admin is one rule, the configured admin
 * roles of the first troop, for operator SQL and for making troops alike.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../test/auth.ts';
import { addTroop, giveMembership } from '../../test/members.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { DEFAULT_ROLES_CONFIG } from '@scout/protocol/permissions';
import { issueServiceKey, serviceKeyVerifier } from './service-keys.ts';

const A = 'troop-12';
const B = 'troop-45';

describe.each(testStoreKinds)('operator SQL across troops (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const sql = (app: TestApp, projectId: string, authorization: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api/db/${projectId}/sql`,
      headers: { authorization },
      payload: { query: 'SELECT 1 AS one' },
    });

  it('a platform admin and the operator’s keys run it; another troop’s admin and keys do not', async () => {
    t = await buildTestApp({ store: kind, config: { projectId: A } });
    t.deps.serviceKeys = serviceKeyVerifier(t.deps.store);
    await addTroop(t, { id: 't45', projectId: B, number: '45' });

    // Admin of troop 45, a plain member of troop 12.
    const chris = await signUp(t, { email: 'chris@troop45.org' });
    await giveMembership(t, chris.user.id, 't45', 'admin');
    // Admin of troop 12 (the first troop: the platform admin), a member of troop 45 too.
    const pat = await signUp(t, { email: 'pat@troop12.org' });
    await t.deps.store.query("UPDATE users SET role = 'admin' WHERE id = ?", [pat.user.id]);
    await giveMembership(t, pat.user.id, 't45', 'user');

    const asChris = bearer(chris.access_token).authorization;
    const asPat = bearer(pat.access_token).authorization;
    expect((await sql(t, B, asChris)).statusCode).toBe(403);
    expect((await sql(t, A, asChris)).statusCode).toBe(403);
    expect((await sql(t, A, asPat)).statusCode).toBe(200);
    // Pat is a plain member in troop 45: the role a request acts with is that troop's.
    expect((await sql(t, B, asPat)).statusCode).toBe(403);

    const operatorKey = await issueServiceKey(t.deps.store, 'backup script', t.clock.now(), null);
    expect((await sql(t, A, `Bearer ${operatorKey.key}`)).statusCode).toBe(200);
    expect((await sql(t, B, `Bearer ${operatorKey.key}`)).statusCode).toBe(200);
    // A key of the one troop an upgraded server had is the operator's too.
    const oldKey = await issueServiceKey(t.deps.store, 'old script', t.clock.now(), FIRST_TROOP_ID);
    expect((await sql(t, A, `Bearer ${oldKey.key}`)).statusCode).toBe(200);
    const troopKey = await issueServiceKey(t.deps.store, 'troop 45 script', t.clock.now(), 't45');
    expect((await sql(t, B, `Bearer ${troopKey.key}`)).statusCode).toBe(403);
  });

  it('names one platform admin for SQL, making troops and /mine: an active member of the first troop with a configured admin role', async () => {
    // "chief" holds every permission: the configured admin role, whatever its name.
    const roles = {
      ...DEFAULT_ROLES_CONFIG,
      roles: { ...DEFAULT_ROLES_CONFIG.roles, chief: { permissions: ['*'] } },
    };
    t = await buildTestApp({ store: kind, config: { projectId: A, roles } });
    const kim = await signUp(t, { email: 'kim@troop12.org' });
    await giveMembership(t, kim.user.id, FIRST_TROOP_ID, 'chief');
    const asKim = bearer(kim.access_token).authorization;
    const makeTroop = (number: string) =>
      t!.app.inject({
        method: 'POST',
        url: `/api/troops/${A}`,
        headers: { authorization: asKim },
        payload: { projectId: `troop-${number}`, number, name: `Troop ${number}` },
      });
    const mine = async () =>
      (
        await t!.app.inject({
          method: 'GET',
          url: `/api/troops/${A}/mine`,
          headers: { authorization: asKim },
        })
      ).json().platformAdmin;
    expect((await sql(t, A, asKim)).statusCode).toBe(200);
    expect((await makeTroop('77')).statusCode).toBe(200);
    expect(await mine()).toBe(true);
    // Suspended there: no longer the platform admin anywhere (and no caller of the first troop).
    await giveMembership(t, kim.user.id, FIRST_TROOP_ID, 'chief', 'suspended');
    const { rows } = await t.deps.store.query<{ id: string }>(
      `SELECT id FROM troops WHERE project_id = 'troop-77'`,
    );
    await giveMembership(t, kim.user.id, rows[0]!.id, 'user');
    const inTroop77 = await t.app.inject({
      method: 'POST',
      url: '/api/troops/troop-77',
      headers: { authorization: asKim },
      payload: { projectId: 'troop-78', number: '78', name: 'Troop 78' },
    });
    expect(inTroop77.statusCode).toBe(403);
  });
});
