/**
 * Who reaches what of households, as data: every caller x every household route, each cell
 * asserted, and refused changes change nothing. A scout's details (patrol, birth year, notes)
 * reach the scout's household and leaders only: never a member of another household, never a
 * member without one, never through the Data API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  familyWithScout,
  householdApp,
  MATRIX_ACTORS,
  matrixTroop,
  statusForAll,
  type HouseholdApp,
  type MatrixActor,
} from '../../test/households.ts';
import { testStoreKinds } from '../../test/test-app.ts';

const ACTORS = MATRIX_ACTORS;
type Actor = MatrixActor;

/** What only household A and leaders may read. */
const SECRET = { patrol: 'Eagle Patrol 7f3a', birthYear: 2014, notes: 'Allergic to peanuts 7f3a' };
const secretIn = (body: string) => body.includes('7f3a') || body.includes(String(SECRET.birthYear));

const all = statusForAll;
const HOUSEHOLD_A = ['parentA', 'coParentA', 'scoutA'];
const OUTSIDERS: Actor[] = ['parentB', 'member', 'anonymous'];

describe.each(testStoreKinds)('household authorization matrix (%s)', (kind) => {
  let h: HouseholdApp;
  let auth: Record<Actor, string | undefined>;
  let scoutA: string;
  let scoutB: string;
  /** Every body answered to someone outside household A who is not a leader. */
  const outsiderBodies: string[] = [];

  const call = async (
    actor: Actor,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) => {
    const res = await h.call(method, path, auth[actor], payload);
    if (OUTSIDERS.includes(actor)) outsiderBodies.push(res.body);
    return res;
  };
  const scoutRow = async (id: string) =>
    (await h.t.deps.store.query('SELECT * FROM scouts WHERE id = ?', [id])).rows[0];

  beforeAll(async () => {
    h = await householdApp(kind);
    // The matrix's service key stands for the operator's: made by the admin CLI, of no troop
    // (admin/platform-operator.ts), so it reaches operator SQL as a one-troop server's did.
    await h.t.deps.store.query(
      `INSERT INTO service_keys (id, name, key_hash, created_at, troop_id)
       VALUES ('key-1', 'operator', 'matrix-key', '2026-01-01T00:00:00.000Z', NULL)`,
    );
    ({ auth, scoutA, scoutB } = await matrixTroop(h, {
      firstName: 'Robin',
      lastName: 'Avery',
      ...SECRET,
    }));
  });
  afterAll(async () => h?.t.close());

  it('GET /mine: each member reads their own household only', async () => {
    const expected = all(200, { service: 403 });
    for (const actor of ACTORS) {
      const res = await call(actor, 'GET', '/mine');
      expect(res.statusCode, actor).toBe(expected[actor]);
      if (res.statusCode !== 200) continue;
      const ids = (res.json().household.scouts as Array<{ id: string }>).map((s) => s.id);
      if (HOUSEHOLD_A.includes(actor)) expect(ids, actor).toEqual([scoutA]);
      else if (actor === 'parentB') expect(ids).toEqual([scoutB]);
      else expect(ids, actor).toEqual([]);
    }
    const mine = (await call('scoutA', 'GET', '/mine')).json().household;
    expect(mine).toMatchObject({ role: 'scout', invitations: [] });
    expect(mine.scouts[0]).toMatchObject({ ...SECRET, hasAccount: true });
    expect(mine.adults.map((a: { userId: string }) => a.userId)).toEqual([
      'parent-a',
      'coparent-a',
    ]);
  });

  it('GET /scouts: details for leaders, admins and service keys only', async () => {
    const expected = all(403, { admin: 200, leader: 200, service: 200 });
    for (const actor of ACTORS) {
      const res = await call(actor, 'GET', '/scouts');
      expect(res.statusCode, actor).toBe(expected[actor]);
      if (res.statusCode !== 200) continue;
      const robin = res.json().scouts.find((s: { id: string }) => s.id === scoutA);
      expect(robin).toMatchObject({
        ...SECRET,
        householdName: 'parent-a household',
        adults: [{ userId: 'parent-a' }, { userId: 'coparent-a' }],
      });
    }
  });

  it('GET /roster: every member sees names, and nothing more', async () => {
    const expected = all(200);
    for (const actor of ACTORS) {
      const res = await call(actor, 'GET', '/roster');
      expect(res.statusCode, actor).toBe(expected[actor]);
      if (res.statusCode !== 200) continue;
      expect(res.json().scouts).toEqual([
        { id: scoutA, firstName: 'Robin', lastName: 'Avery' },
        { id: scoutB, firstName: 'Sam', lastName: 'Brook' },
      ]);
      expect(secretIn(res.body), actor).toBe(false);
    }
  });

  it('PATCH a scout: only the adults of its household; refusals change nothing', async () => {
    const expected = all(404, { service: 403, scoutA: 403, parentA: 200, coParentA: 200 });
    for (const actor of ACTORS) {
      const before = await scoutRow(scoutA);
      const res = await call(actor, 'PATCH', `/mine/scouts/${scoutA}`, { patrol: SECRET.patrol });
      expect(res.statusCode, actor).toBe(expected[actor]);
      if (res.statusCode !== 200) expect(await scoutRow(scoutA), actor).toEqual(before);
    }
    expect((await call('scoutA', 'PATCH', `/mine/scouts/${scoutA}`, {})).json().code).toBe(
      'HOUSEHOLD_ADULTS_ONLY',
    );
  });

  it('DELETE a scout: only the adults of its household; refusals change nothing', async () => {
    const expected = all(404, { service: 403, scoutA: 403, parentA: 200, coParentA: 200 });
    for (const actor of ACTORS) {
      const target = await familyWithScout(h, auth.parentA!, { firstName: 'Temp', lastName: 'X' });
      const res = await call(actor, 'DELETE', `/mine/scouts/${target}`);
      expect(res.statusCode, actor).toBe(expected[actor]);
      expect(Boolean(await scoutRow(target)), actor).toBe(res.statusCode !== 200);
      if (res.statusCode !== 200) await h.call('DELETE', `/mine/scouts/${target}`, auth.parentA);
    }
  });

  it('adding a scout goes to the caller’s own household; a scout account adds none', async () => {
    const expected = all(200, { service: 403, scoutA: 403 });
    for (const actor of ACTORS) {
      const res = await call(actor, 'POST', '/mine/scouts', { firstName: 'New', lastName: actor });
      expect(res.statusCode, actor).toBe(expected[actor]);
      if (res.statusCode !== 200) continue;
      const id = res.json().scout.id as string;
      const row = await scoutRow(id);
      const mine = (await h.call('GET', '/mine', auth[actor])).json().household;
      expect(row?.household_id, actor).toBe(mine.id);
      await h.call('DELETE', `/mine/scouts/${id}`, auth[actor]);
    }
  });

  it('invitations name only the caller’s household and its own scouts', async () => {
    const expected = all(404, { service: 403, scoutA: 403, parentA: 409, coParentA: 409 });
    for (const actor of ACTORS) {
      const res = await call(actor, 'POST', '/mine/invitations', {
        kind: 'scout',
        scoutId: scoutA,
      });
      // Household A's own adults reach the scout, already linked to scoutA's account.
      expect(res.statusCode, actor).toBe(expected[actor]);
    }
    const count = await h.t.deps.store.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM household_invitations WHERE accepted_at IS NULL',
    );
    expect(Number(count.rows[0]?.n)).toBe(0);
  });

  it('removing an adult: only from the caller’s own household', async () => {
    const expected = all(404, { service: 403, scoutA: 403 });
    for (const actor of ACTORS.filter((a) => !['parentA', 'coParentA'].includes(a))) {
      const res = await call(actor, 'DELETE', '/mine/adults/coparent-a');
      expect(res.statusCode, actor).toBe(expected[actor]);
    }
    const adults = (await h.call('GET', '/mine', auth.parentA)).json().household.adults;
    expect(adults.map((a: { userId: string }) => a.userId)).toEqual(['parent-a', 'coparent-a']);
  });

  it('the Data API serves none of the household tables, to anyone', async () => {
    const pid = h.t.deps.config.projectId;
    for (const table of ['households', 'household_adults', 'scouts', 'household_invitations']) {
      for (const actor of ACTORS) {
        const url = `/api/db/${pid}/rest/v1/${table}`;
        const headers = auth[actor] ? { authorization: auth[actor] } : {};
        const read = await h.t.app.inject({ method: 'GET', url, headers });
        expect(read.statusCode, `${actor} ${table}`).toBe(actor === 'anonymous' ? 401 : 404);
        expect(secretIn(read.body)).toBe(false);
        const write = await h.t.app.inject({
          method: 'POST',
          url,
          headers,
          payload: { id: 'x', household_id: 'x', first_name: 'x', last_name: 'x' },
        });
        expect(write.statusCode, `${actor} ${table}`).toBe(actor === 'anonymous' ? 401 : 404);
        const changed = await h.t.app.inject({
          method: 'PATCH',
          url: `${url}?id=eq.${scoutA}`,
          headers,
          payload: { notes: 'changed' },
        });
        expect(changed.statusCode).toBe(actor === 'anonymous' ? 401 : 404);
      }
    }
    expect((await scoutRow(scoutA))?.notes).toBe(SECRET.notes);
  });

  it('operator SQL reaches the tables for admins and service keys only, as for every table', async () => {
    const expected = all(403, { admin: 200, service: 200 });
    for (const actor of ACTORS) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: `/api/db/${h.t.deps.config.projectId}/sql`,
        headers: auth[actor] ? { authorization: auth[actor] } : {},
        payload: { query: 'SELECT notes FROM scouts' },
      });
      if (OUTSIDERS.includes(actor)) outsiderBodies.push(res.body);
      expect(res.statusCode, actor).toBe(expected[actor]);
      expect(secretIn(res.body), actor).toBe(res.statusCode === 200);
    }
  });

  it('no answer to anyone outside household A carried its scout’s details', () => {
    expect(outsiderBodies.length).toBeGreaterThan(20);
    for (const body of outsiderBodies) expect(secretIn(body)).toBe(false);
  });
});
