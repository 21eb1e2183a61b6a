/**
 * Two troops on one server (docs/decisions/065-troops.md): a family in both has a household in
 * each, and nothing of one troop's households, scouts or invitations shows or changes from the
 * other's address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addTroop, joinTroop } from '../../test/calendar.ts';
import { familyToken } from '../../test/households.ts';
import { createMemoryMailer, type MemoryMailer } from '../../test/mail.ts';
import { bearer } from '../../test/storage.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

const B = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45 Riverside' };

describe.each(testStoreKinds)('households of two troops (%s)', (kind) => {
  let t: TestApp;
  let mail: MemoryMailer;
  afterEach(async () => t?.close());

  async function twoTroops() {
    mail = createMemoryMailer();
    t = await buildTestApp({ store: kind, deps: { mail } });
    await addTroop(t, B);
    const leader = await bearer(t, 'lee', 'admin');
    const parent = await bearer(t, 'pat', 'user');
    const friend = await bearer(t, 'fay', 'user');
    for (const id of ['lee', 'pat', 'fay'])
      await joinTroop(t, id, B.id, id === 'lee' ? 'admin' : 'user');
    const a = t.deps.config.projectId;
    const call = (
      projectId: string,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      path: string,
      auth: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url: `/api/households/${projectId}${path}`,
        headers: { authorization: auth },
        ...(payload ? { payload } : {}),
      });
    const scoutIn = async (projectId: string, firstName: string) => {
      const res = await call(projectId, 'POST', '/mine/scouts', parent, {
        firstName,
        lastName: 'Doe',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().scout.id as string;
    };
    return {
      a,
      call,
      leader,
      parent,
      friend,
      sam: await scoutIn(a, 'Sam'),
      bo: await scoutIn(B.projectId, 'Bo'),
    };
  }

  const firstNames = (res: { json(): unknown }, list: 'household' | 'scouts') => {
    const body = res.json() as {
      household?: { scouts: { firstName: string }[] };
      scouts?: { firstName: string }[];
    };
    return (list === 'household' ? body.household!.scouts : body.scouts!).map((s) => s.firstName);
  };

  it('keeps a household per troop: each address shows and lists its own scouts only', async () => {
    const { a, call, leader, parent } = await twoTroops();
    expect(firstNames(await call(a, 'GET', '/mine', parent), 'household')).toEqual(['Sam']);
    expect(firstNames(await call(B.projectId, 'GET', '/mine', parent), 'household')).toEqual([
      'Bo',
    ]);
    expect(firstNames(await call(a, 'GET', '/roster', parent), 'scouts')).toEqual(['Sam']);
    expect(firstNames(await call(B.projectId, 'GET', '/roster', parent), 'scouts')).toEqual(['Bo']);
    expect(firstNames(await call(a, 'GET', '/scouts', leader), 'scouts')).toEqual(['Sam']);
    expect(firstNames(await call(B.projectId, 'GET', '/scouts', leader), 'scouts')).toEqual(['Bo']);
    const households = await t.deps.store.query<{ troop_id: string }>(
      'SELECT troop_id FROM households ORDER BY troop_id',
    );
    expect(households.rows).toEqual([{ troop_id: 'troop-1' }, { troop_id: B.id }]);
  });

  it("changes no scout of the other troop's household by its id", async () => {
    const { a, call, parent, bo } = await twoTroops();
    const edit = await call(a, 'PATCH', `/mine/scouts/${bo}`, parent, { firstName: 'Taken' });
    expect(edit.statusCode).toBe(404);
    expect((await call(a, 'DELETE', `/mine/scouts/${bo}`, parent)).statusCode).toBe(404);
    const invite = await call(a, 'POST', '/mine/invitations', parent, {
      kind: 'scout',
      scoutId: bo,
    });
    expect(invite.statusCode).toBe(404);
    const { rows } = await t.deps.store.query<{ first_name: string }>(
      'SELECT first_name FROM scouts WHERE id = ?',
      [bo],
    );
    expect(rows).toEqual([{ first_name: 'Bo' }]);
  });

  it("takes an invitation at its own troop's address only", async () => {
    const { a, call, parent, friend } = await twoTroops();
    const made = await call(B.projectId, 'POST', '/mine/invitations', parent, {
      kind: 'adult',
      email: 'fay@example.org',
    });
    expect(made.statusCode, made.body).toBe(200);
    // The mail names the troop it invites into.
    expect(mail.sent.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Troop 45 Riverside: /),
    ]);
    const token = familyToken(made.json().url as string);
    const landing = await call(a, 'POST', '/invitations/landing', friend, { token });
    expect(landing.json()).toMatchObject({ usable: false });
    const check = await call(a, 'POST', '/invitations/check', friend, { token });
    expect(check.json()).toMatchObject({ usable: false });
    const wrong = await call(a, 'POST', '/invitations/accept', friend, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'HOUSEHOLD_INVITATION_INVALID' });
    const right = await call(B.projectId, 'POST', '/invitations/accept', friend, { token });
    expect(right.statusCode, right.body).toBe(200);
    const adults = await t.deps.store.query<{ troop_id: string }>(
      "SELECT troop_id FROM household_adults WHERE user_id = 'fay'",
    );
    expect(adults.rows).toEqual([{ troop_id: B.id }]);
  });
});
