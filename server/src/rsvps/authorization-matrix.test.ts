/**
 * Who reaches the RSVP routes, as data: every caller x every route, each cell asserted, and a
 * refused answer changes nothing. Answers' notes reach the answering household and leaders
 * only, and a scout's details (patrol, birth year, notes) never reach anyone through them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  householdApp,
  MATRIX_ACTORS,
  matrixTroop,
  statusForAll,
  type HouseholdApp,
  type MatrixActor,
} from '../../test/households.ts';
import { addEvent, storedAnswers } from '../../test/rsvps.ts';
import { testStoreKinds } from '../../test/test-app.ts';

const ACTORS = MATRIX_ACTORS;
type Actor = MatrixActor;
const signedIn = statusForAll;

// `zq7x` marks the private words: not hex, so no generated id in a body can hold it by chance;
// the birth year is matched only standing alone, for the same reason.
/** Seen only by household A and leaders. */
const NOTE = 'Leaves early zq7x';
/** Who has not answered once household A's scout has, and whom a leader writes to about them. */
const chased = (scoutB: string) => [
  {
    people: ['user:coparent-a', 'user:parent-a'],
    contacts: ['coparent-a@example.org', 'parent-a@example.org'],
  },
  { people: ['user:parent-b', `scout:${scoutB} (youth)`], contacts: ['parent-b@example.org'] },
];
const SECRET = { patrol: 'Hawk Patrol zq7x', birthYear: 2013, notes: 'Asthma inhaler zq7x' };

describe.each(testStoreKinds)('RSVP authorization matrix (%s)', (kind) => {
  let h: HouseholdApp;
  let auth: Record<Actor, string | undefined>;
  let scoutA: string;
  let scoutB: string;
  let event: string;

  const rsvps = (actor: Actor, method: 'GET' | 'PUT' | 'POST', suffix = '', payload?: unknown) =>
    h.t.app.inject({
      method,
      url: `/api/calendar/${h.t.deps.config.projectId}/events/${event}/rsvps${suffix}`,
      headers: auth[actor] ? { authorization: auth[actor] } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    h = await householdApp(kind);
    ({ auth, scoutA, scoutB } = await matrixTroop(h, {
      firstName: 'Robin',
      lastName: 'Avery',
      ...SECRET,
    }));
    event = await addEvent(h.t, auth.leader!.slice('Bearer '.length));
    const first = await rsvps('parentA', 'PUT', '', {
      attendee: `scout:${scoutA}`,
      answer: 'going',
      note: NOTE,
    });
    expect(first.statusCode, first.body).toBe(200);
  });
  afterAll(async () => h?.t.close());

  it('GET: every member reads the counts and names; the note only household A and leaders', async () => {
    const expected = signedIn(200);
    for (const actor of ACTORS) {
      const res = await rsvps(actor, 'GET');
      expect(res.statusCode, actor).toBe(expected[actor]);
      expect(res.body, actor).not.toMatch(/Hawk|Asthma|(?<![\w-])2013(?![\w-])/);
      if (res.statusCode !== 200) continue;
      expect(res.json().counts.youthGoing, actor).toBe(1);
      const seesNote = ['admin', 'leader', 'service', 'parentA', 'coParentA', 'scoutA'].includes(
        actor,
      );
      expect(res.body.includes(NOTE), actor).toBe(seesNote);
    }
  });

  it("GET: who has not answered, by household with the adults' contacts, only for those who manage answers", async () => {
    const managers = ['admin', 'leader', 'service'];
    for (const actor of ACTORS) {
      const res = await rsvps(actor, 'GET');
      if (res.statusCode !== 200) continue;
      const body = res.json();
      // Household A's scout answered; the other four people of households did not. The admin,
      // the leader and the member belong to no household and are not counted.
      expect(body.counts.noAnswer, actor).toBe(4);
      if (!managers.includes(actor)) {
        expect(body.noAnswer, actor).toBeNull();
        expect(res.body, actor).not.toMatch(/@/);
        continue;
      }
      const households = body.noAnswer as Array<{
        people: Array<{ attendee: string; name: string; youth: boolean }>;
        adults: Array<{ email: string }>;
      }>;
      expect(
        households.map((h) => ({
          people: h.people.map((p) => `${p.attendee}${p.youth ? ' (youth)' : ''}`),
          contacts: h.adults.map((a) => a.email),
        })),
        actor,
      ).toEqual(chased(scoutB));
      expect(
        households[1]!.people.map((p) => p.name),
        actor,
      ).toContain('Sam Brook');
    }
  });

  it("GET rsvps/mine: every member reads their own household's answers, nobody another's", async () => {
    const expected = signedIn(200);
    const seesScoutA = ['parentA', 'coParentA', 'scoutA'];
    for (const actor of ACTORS) {
      const res = await h.t.app.inject({
        method: 'GET',
        url: `/api/calendar/${h.t.deps.config.projectId}/rsvps/mine?from=2031-01-01&to=2031-12-31`,
        headers: auth[actor] ? { authorization: auth[actor] } : {},
      });
      expect(res.statusCode, actor).toBe(expected[actor]);
      expect(res.body, actor).not.toMatch(/Hawk|Asthma|(?<![\w-])2013(?![\w-])|zq7x/);
      if (res.statusCode !== 200) continue;
      const body = res.json() as { answers: Array<{ attendee: string; answer: string }> };
      expect(body.answers, actor).toEqual(
        seesScoutA.includes(actor)
          ? [expect.objectContaining({ attendee: `scout:${scoutA}`, answer: 'going' })]
          : [],
      );
    }
  });

  it("PUT for household A's scout: its adults, the scout, leaders and admins; nobody else", async () => {
    const expected = signedIn(403, {
      admin: 200,
      leader: 200,
      service: 200,
      parentA: 200,
      coParentA: 200,
      scoutA: 200,
    });
    for (const actor of ACTORS) {
      const res = await rsvps(actor, 'PUT', '', { attendee: `scout:${scoutA}`, answer: 'maybe' });
      expect(res.statusCode, actor).toBe(expected[actor]);
    }
    expect(await storedAnswers(h.t)).toBe(1);
  });

  it('PUT for another member: refused to everyone but that member and those who manage answers', async () => {
    const expected = signedIn(403, { admin: 200, leader: 200, service: 200, parentB: 200 });
    for (const actor of ACTORS) {
      const res = await rsvps(actor, 'PUT', '', { attendee: 'user:parent-b', answer: 'not_going' });
      expect(res.statusCode, actor).toBe(expected[actor]);
    }
  });

  it('POST rsvps/nudge: leaders, admins and service keys only; a refused call claims no nudge', async () => {
    const managers: Actor[] = ['service', 'admin', 'leader'];
    const order = [...ACTORS.filter((a) => !managers.includes(a)), ...managers];
    // The first nudge goes; the day's nudge is then spent for every manager.
    const expected = signedIn(403, { service: 200, admin: 429, leader: 429 });
    for (const actor of order) {
      const res = await rsvps(actor, 'POST', '/nudge', {});
      expect(res.statusCode, actor).toBe(expected[actor]);
      if (res.statusCode === 200)
        expect(res.json(), actor).toMatchObject({ households: 2, adults: 3 });
    }
  });

  it('GET rsvps.csv: leaders, admins and service keys only, with the patrol but no other detail', async () => {
    const expected = signedIn(403, { admin: 200, leader: 200, service: 200 });
    for (const actor of ACTORS) {
      const res = await rsvps(actor, 'GET', '.csv');
      expect(res.statusCode, actor).toBe(expected[actor]);
      // The patrol is on the leaders' list; a scout's birth year and notes never are.
      expect(res.body, actor).not.toMatch(/Asthma|(?<![\w-])2013(?![\w-])/);
      if (res.statusCode === 200)
        expect(res.body, actor).toContain('"Robin Avery","Youth","Hawk Patrol zq7x"');
      else expect(res.body, actor).not.toMatch(/Hawk/);
    }
  });
});
