/**
 * Operator SQL reads every troop's rows (sql-routes.ts): only the server's operators run it, a
 * platform admin (for now the first troop's admin) or an operator's service key, never another
 * troop's admin nor a key made for another troop.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../test/auth.ts';
import { addTroop, giveMembership } from '../../test/members.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
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
});
