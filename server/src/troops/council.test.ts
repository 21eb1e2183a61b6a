/**
 * Councils (docs/decisions/065-troops.md): the platform admin makes a council and troops of it
 * (and a troop of none) and lists the server's units, and /mine says who the platform admin is;
 * a council that is not one is refused, and so is anyone else. On both stores. What a council
 * reads of its troops is council-overview.test.ts's.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addTroopMember, addMember, SERVICE_KEY, serviceKeys } from '../../test/rest.ts';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';

const NOW = Date.UTC(2031, 3, 10, 12);
const FIRST = 'troop-12';

describe.each(testStoreKinds)('making and listing councils (%s)', (kind) => {
  const t = sharedTestApp({
    store: kind,
    config: { projectId: FIRST, timezone: 'America/Chicago' },
    deps: { serviceKeys },
  });
  const as: Record<string, string> = {};

  const call = (who: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/troops/${url}`,
      headers: who ? { authorization: `Bearer ${as[who] ?? who}` } : {},
      ...(payload ? { payload } : {}),
    });

  beforeEach(() => t.clock.set(NOW));

  beforeAll(async () => {
    t.clock.set(NOW);
    await addUnit(t, {
      id: 'c1',
      kind: 'council',
      projectId: 'council-1',
      number: '1',
      name: 'Great Lakes',
    });
    await addUnit(t, {
      id: 'c2',
      kind: 'council',
      projectId: 'council-2',
      number: '2',
      name: 'Prairie',
    });
    await addUnit(t, {
      id: 'ta',
      projectId: 'troop-a',
      number: '45',
      name: 'Troop 45',
      councilId: 'c1',
    });
    await addUnit(t, {
      id: 'tb',
      projectId: 'troop-b',
      number: '7',
      name: 'Troop 7',
      councilId: 'c1',
    });
    await addUnit(t, {
      id: 'tc',
      projectId: 'troop-c',
      number: '300',
      name: 'Troop 300',
      councilId: 'c2',
    });
    // Pat: the first troop's admin, so the platform admin; in no council.
    as.pat = (await addMember(t, 'pat', 'admin')).token;
    as.cora = (await addTroopMember(t, 'cora', { c1: 'user' })).token;
    as.lee = (await addTroopMember(t, 'lee', { ta: 'leader' })).token;
  });

  it('lets the platform admin make a council, two troops of it and a troop of none, and list every unit', async () => {
    const make = (body: object) =>
      call('pat', 'POST', FIRST, { number: '9', name: 'A unit', ...body });
    const council = await make({
      projectId: 'council-3',
      number: '500',
      name: 'Lakeshore',
      kind: 'council',
    });
    expect(council.statusCode, council.body).toBe(200);
    expect(council.json().troop).toMatchObject({ projectId: 'council-3', kind: 'council' });
    for (const [projectId, number] of [
      ['troop-80', '80'],
      ['troop-81', '81'],
    ]) {
      const made = await make({ projectId, number, councilProjectId: 'council-3' });
      expect(made.statusCode, made.body).toBe(200);
      expect(made.json().troop).toMatchObject({ projectId, kind: 'troop' });
    }
    expect((await make({ projectId: 'troop-82', number: '82' })).statusCode).toBe(200);
    // A platform act, in the audit log with no troop, saying what was made.
    const { rows: audit } = await t.deps.store.query<{ troop_id: string | null; details: string }>(
      `SELECT a.troop_id, a.details FROM audit_log a JOIN troops u ON u.id = a.target_id
        WHERE a.action = 'troop.created' AND u.project_id = 'troop-80'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.troop_id).toBeNull();
    expect(String(audit[0]?.details)).toContain('council-3');

    const all = await call('pat', 'GET', `${FIRST}/all`);
    expect(all.statusCode, all.body).toBe(200);
    const units = all.json().troops as Array<Record<string, unknown>>;
    // Councils first (council 500 too), then by number (as numbers), the unnumbered first troop last.
    expect(units.map((u) => [u.projectId, u.kind, u.councilProjectId, u.members])).toEqual([
      ['council-1', 'council', null, 1],
      ['council-2', 'council', null, 0],
      ['council-3', 'council', null, 0],
      ['troop-b', 'troop', 'council-1', 0],
      ['troop-a', 'troop', 'council-1', 1],
      ['troop-80', 'troop', 'council-3', 0],
      ['troop-81', 'troop', 'council-3', 0],
      ['troop-82', 'troop', null, 0],
      ['troop-c', 'troop', 'council-2', 0],
      [FIRST, 'troop', null, 1],
    ]);
    expect(units[0]).toEqual({
      projectId: 'council-1',
      kind: 'council',
      number: '1',
      name: 'Great Lakes',
      timeZone: 'America/Chicago',
      councilProjectId: null,
      members: 1,
    });
  });

  it('refuses a council that is unknown, a troop, or given to a council, saying why', async () => {
    for (const [body, words] of [
      [{ councilProjectId: 'council-77' }, 'No council has the project id council-77'],
      [{ councilProjectId: 'troop-a' }, 'troop-a is a troop, not a council'],
      [{ councilProjectId: FIRST }, `${FIRST} is a troop, not a council`],
      [{ kind: 'council', councilProjectId: 'council-1' }, 'A council belongs to no council'],
      [{ kind: 'pack' }, 'troop or council'],
    ] as const) {
      const res = await call('pat', 'POST', FIRST, {
        projectId: 'troop-5',
        number: '5',
        name: 'Troop 5',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.body).toContain(words);
    }
    const { rows } = await t.deps.store.query(`SELECT id FROM troops WHERE project_id = 'troop-5'`);
    expect(rows).toEqual([]);
  });

  it('refuses anyone but the platform admin making a unit or listing them all', async () => {
    const body = { projectId: 'troop-6', number: '6', name: 'Troop 6' };
    await joinUnit(t, 'lee', 'ta', 'admin');
    try {
      for (const [who, projectId] of [
        ['lee', 'troop-a'],
        ['cora', 'council-1'],
        [SERVICE_KEY, FIRST],
      ] as const) {
        const made = await call(who, 'POST', projectId, body);
        expect(made.statusCode, who).toBe(403);
        expect(made.json()).toMatchObject({ code: 'FORBIDDEN' });
        expect((await call(who, 'GET', `${projectId}/all`)).statusCode, who).toBe(403);
      }
      expect((await call(null, 'GET', `${FIRST}/all`)).statusCode).toBe(401);
    } finally {
      await joinUnit(t, 'lee', 'ta', 'leader');
    }
  });

  it('tells each person in /mine whether they are the platform admin', async () => {
    const pat = await call('pat', 'GET', `${FIRST}/mine`);
    expect(pat.json()).toMatchObject({ platformAdmin: true });
    expect(pat.json().troops.map((u: { projectId: string }) => u.projectId)).toEqual([FIRST]);
    const cora = await call('cora', 'GET', 'council-1/mine');
    expect(cora.json()).toEqual({
      troops: [expect.objectContaining({ projectId: 'council-1', kind: 'council', role: 'user' })],
      platformAdmin: false,
    });
  });

  it("makes the first person named for a council its admin, and a troop's its leader", async () => {
    const ruth = await addTroopMember(t, 'ruth', { c2: 'user' });
    const made = await call('pat', 'POST', FIRST, {
      projectId: 'council-9',
      number: '900',
      name: 'Riverlands',
      kind: 'council',
      leaderEmail: ruth.email,
    });
    expect(made.statusCode, made.body).toBe(200);
    const troopMade = await call('pat', 'POST', FIRST, {
      projectId: 'troop-901',
      number: '901',
      name: 'Troop 901',
      councilProjectId: 'council-9',
      leaderEmail: ruth.email,
    });
    expect(troopMade.statusCode, troopMade.body).toBe(200);
    const mine = await call(ruth.token, 'GET', 'council-9/mine');
    const roles = Object.fromEntries(
      (mine.json().troops as Array<{ projectId: string; role: string }>).map((u) => [
        u.projectId,
        u.role,
      ]),
    );
    expect(roles).toMatchObject({ 'council-9': 'admin', 'troop-901': 'leader' });
  });
});
