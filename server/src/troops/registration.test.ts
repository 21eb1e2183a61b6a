/**
 * A troop registered at sign-up (docs/decisions/065-troops.md): its members wait until an admin
 * of its council confirms it; nobody else decides, and refusing removes it. On both stores.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { TROOP_WAITING_MESSAGE } from '@scout/protocol/troops';
import { bearer, me, nextAddress, PASSWORD, signUp } from '../../test/auth.ts';
import { createMemoryMailer } from '../../test/mail.ts';
import { addMember } from '../../test/rest.ts';
import { runJobs } from '../../test/notices.ts';
import { eventually } from '../../test/server-process.ts';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';

const FIRST = 'troop-1';
let n = 0;

describe.each(testStoreKinds)('a troop registered at sign-up (%s)', (kind) => {
  const mail = createMemoryMailer();
  const t = sharedTestApp({ store: kind, config: { projectId: FIRST }, deps: { mail } });
  const as: Record<string, string> = {};

  /** A sign-up to `projectId` with a troop number; the raw answer. */
  const signUpWith = (projectId: string, troopNumber: string, more: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: {
        email: `registrant${++n}.${kind}@example.org`,
        password: PASSWORD,
        projectId,
        troopNumber,
        ...more,
      },
    });

  const call = (who: string, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: `/api/troops/${url}`, headers: bearer(as[who] ?? who) });

  const calendar = (token: string, projectId: string) =>
    t.app.inject({ url: `/api/db/${projectId}/rest/v1/calendar_events`, headers: bearer(token) });

  /**
   * Runs the requests `start` makes so that their sign-ups truly meet. On PostgreSQL each one's
   * transaction reads that no troop has the number, then waits to insert its troop until all
   * `n` are there (a lock this test holds on `troops`, which reads pass), so none sees another's
   * troop before it tries; SQLite runs one write transaction at a time, so they meet in turn.
   */
  async function allAtOnce<T>(n: number, start: () => Promise<T>[]): Promise<T[]> {
    if (t.deps.store.dialect !== 'postgres') return Promise.all(start());
    let all: Promise<T[]> = Promise.resolve([]);
    await t.deps.store.transaction(async (tx) => {
      await tx.query('LOCK TABLE troops IN SHARE ROW EXCLUSIVE MODE');
      all = Promise.all(start());
      await eventually(`${n} inserts waiting`, 20_000, async () => {
        const { rows } = await tx.query<{ n: number | string }>(
          "SELECT count(*) AS n FROM pg_locks WHERE relation = 'troops'::regclass AND NOT granted",
        );
        return Number(rows[0]?.n) === n;
      });
    });
    return all;
  }

  /** A fresh number each test, so tests of one shared store never meet. */
  const number = () => String(100 + ++n);

  beforeAll(async () => {
    await addUnit(t, {
      id: 'c1',
      kind: 'council',
      projectId: 'council-1',
      number: '1',
      name: 'Great Lakes',
      timeZone: 'America/Detroit',
    });
    await addUnit(t, {
      id: 'c2',
      kind: 'council',
      projectId: 'council-2',
      number: '2',
      name: 'Prairie',
    });
    await addUnit(t, {
      id: 'c3',
      kind: 'council',
      projectId: 'council-3',
      number: '3',
      name: 'Closed',
      contact: 'the Closed council office',
    });
    await addUnit(t, {
      id: 'ta',
      projectId: 'troop-a',
      number: '12',
      name: 'Troop 12',
      councilId: 'c1',
    });
    await addUnit(t, {
      id: 'tc',
      projectId: 'troop-c',
      number: '13',
      name: 'Troop 13',
      councilId: 'c3',
      contact: 'Pat',
    });
    await t.deps.store.query("UPDATE troops SET accepts_troops = 1 WHERE id IN ('c1', 'c2')");
    t.deps.troops.forget();
    for (const [who, unit, role] of [
      ['admin1', 'c1', 'admin'],
      ['member1', 'c1', 'leader'],
      ['admin2', 'c2', 'admin'],
    ] as const) {
      const made = await signUp(t, { email: `${who}.${kind}@council.example` });
      await joinUnit(t, made.user.id, unit, role);
      as[who] = made.access_token;
    }
  });

  beforeEach(() => {
    mail.sent.length = 0;
  });

  it('registers a new troop of the council; its registrant waits until a council admin confirms it', async () => {
    const num = number();
    const res = await signUpWith('council-1', `Troop ${num}`, { troopName: 'Riverside' });
    expect(res.statusCode).toBe(200);
    const session = res.json<SessionResponse>();
    expect(session.user.status).toBe('pending');
    const projectId = `troop-${num}`;

    // The troop's public face: the number as typed, the name given, the council's clock.
    const face = await t.app.inject({ method: 'GET', url: `/api/troops/${projectId}` });
    expect(face.json().troop).toEqual({
      projectId,
      kind: 'troop',
      number: num,
      name: 'Riverside',
      timeZone: 'America/Detroit',
    });

    // Its own profile and troops, yes; the troop's calendar, not yet, and the answer says why.
    expect((await me(t, session.access_token)).json().user.status).toBe('pending');
    const mine = await call(session.access_token, 'GET', `${projectId}/mine`);
    expect(mine.json().troops).toEqual([expect.objectContaining({ projectId, status: 'pending' })]);
    const waiting = await calendar(session.access_token, projectId);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toMatchObject({
      code: 'ACCOUNT_PENDING',
      message: TROOP_WAITING_MESSAGE,
    });

    const list = await call('admin1', 'GET', 'council-1/waiting');
    expect(list.statusCode).toBe(200);
    expect(list.json().troops).toContainEqual(
      expect.objectContaining({
        projectId,
        number: num,
        registeredBy: { email: session.user.email, displayName: null },
      }),
    );

    const confirmed = await call('admin1', 'POST', `council-1/troops/${projectId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ outcome: 'confirmed', troop: { projectId } });
    expect((await calendar(session.access_token, projectId)).statusCode).toBe(200);
    const after = await call('admin1', 'GET', 'council-1/waiting');
    expect(after.json().troops.map((w: { projectId: string }) => w.projectId)).not.toContain(
      projectId,
    );
  });

  it('registers through a troop of an accepting council too, named "Troop N" when no name is given', async () => {
    const num = number();
    const res = await signUpWith('troop-a', num);
    expect(res.statusCode).toBe(200);
    const face = await t.app.inject({ method: 'GET', url: `/api/troops/troop-${num}` });
    expect(face.json().troop).toMatchObject({ name: `Troop ${num}`, number: num });
  });

  it('answers an unknown number with whom to ask where the council does not accept troops', async () => {
    for (const projectId of ['council-3', 'troop-c']) {
      const res = await signUpWith(projectId, number());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^No troop with the number \d+ is on this server\. Ask /);
    }
  });

  it('lets nobody else join a troop that waits by its number', async () => {
    const num = number();
    const first = await signUpWith('council-1', num);
    expect(first.statusCode).toBe(200);
    const second = await signUpWith('council-1', num);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toMatch(/is waiting for its council to confirm it/);
    const list = await call('admin1', 'GET', 'council-1/waiting');
    expect(list.json().troops.filter((w: { number: string }) => w.number === num)).toHaveLength(1);
  });

  it('makes one waiting troop of sign-ups of one new number at once; the others are told it waits', async () => {
    const num = number();
    const emails = [1, 2, 3].map((i) => `racer${i}-${num}.${kind}@example.org`);
    const answers = await allAtOnce(emails.length, () =>
      emails.map((email, i) => signUpWith(i % 2 === 0 ? 'council-1' : 'troop-a', num, { email })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400))
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `Troop ${num} is waiting for its council to confirm it. Ask the leader who registered it to invite you once it is confirmed.`,
      });
    const list = await call('admin1', 'GET', 'council-1/waiting');
    expect(list.json().troops.filter((w: { number: string }) => w.number === num)).toHaveLength(1);
    const { rows: troops } = await t.deps.store.query('SELECT id FROM troops WHERE number = ?', [
      num,
    ]);
    expect(troops).toHaveLength(1);
    // Only the registrant's account was made.
    const { rows: accounts } = await t.deps.store.query(
      `SELECT email FROM users WHERE email IN (${emails.map(() => '?').join(', ')})`,
      emails,
    );
    expect(accounts).toHaveLength(1);
  });

  it('holds one waiting troop per number in the database itself (migration 049)', async () => {
    const num = number();
    expect((await signUpWith('council-1', num)).statusCode).toBe(200);
    const second = t.deps.store.query(
      `INSERT INTO troops (id, kind, number, name, project_id, time_zone, signup_mode, council_id, created_at, registered_by)
       VALUES (?, 'troop', ?, 'Twin', ?, 'UTC', 'approval', 'c2', ?, 'someone')`,
      [`twin-${num}`, num, `twin-${num}`, new Date().toISOString()],
    );
    await expect(second).rejects.toThrow();
  });

  it("keeps the decision to the council's admins: 403 for its other members, 404 for another council's admin", async () => {
    const num = number();
    expect((await signUpWith('council-1', num)).statusCode).toBe(200);
    const projectId = `troop-${num}`;
    expect((await call('member1', 'GET', 'council-1/waiting')).statusCode).toBe(403);
    const byMember = await call('member1', 'POST', `council-1/troops/${projectId}/confirm`);
    expect(`${byMember.statusCode} ${byMember.json().code}`).toBe('403 FORBIDDEN');

    // Through its own council's path, nothing of it is seen or confirmed.
    const theirs = await call('admin2', 'GET', 'council-2/waiting');
    expect(theirs.json().troops.map((w: { projectId: string }) => w.projectId)).not.toContain(
      projectId,
    );
    const other = await call('admin2', 'POST', `council-2/troops/${projectId}/confirm`);
    expect(other.statusCode).toBe(404);
    // Through the troop's council's path, it is a stranger there.
    expect((await call('admin2', 'POST', `council-1/troops/${projectId}/confirm`)).statusCode).toBe(
      404,
    );
    const still = await call('admin1', 'GET', 'council-1/waiting');
    expect(still.json().troops.map((w: { projectId: string }) => w.projectId)).toContain(projectId);
  });

  describe('who decides: the authorization matrix', () => {
    const deciders: Record<string, string> = {};

    beforeAll(async () => {
      // The platform admin (an admin of the first troop), of no role in the council, and one who
      // is also a council member without its admin role.
      deciders.platformAdmin = (await addMember(t, `platform-${kind}`, 'admin')).token;
      const both = await addMember(t, `platform-member-${kind}`, 'admin');
      await joinUnit(t, both.id, 'c1', 'leader');
      deciders.platformAdminInCouncil = both.token;
      deciders.councilAdmin = as.admin1!;
      deciders.councilMember = as.member1!;
      const leader = await signUp(t, { email: `leader-a.${kind}@troop.example` });
      await joinUnit(t, leader.user.id, 'ta', 'leader');
      deciders.troopLeader = leader.access_token;
      deciders.stranger = (await signUp(t, { email: `stranger.${kind}@example.org` })).access_token;
      deciders.signedOut = '';
    });

    // Every caller's answer to listing, confirming and refusing a council's waiting troop.
    const matrix: [who: string, answer: string][] = [
      ['platformAdmin', '200'],
      ['platformAdminInCouncil', '200'],
      ['councilAdmin', '200'],
      ['councilMember', '403 FORBIDDEN'],
      ['troopLeader', '404 PROJECT_NOT_FOUND'],
      ['stranger', '404 PROJECT_NOT_FOUND'],
      ['signedOut', '401 UNAUTHORIZED'],
    ];

    const answer = async (who: string, method: 'GET' | 'POST', url: string) => {
      const res = await t.app.inject({
        method,
        url: `/api/troops/${url}`,
        headers: deciders[who] ? bearer(deciders[who]) : {},
      });
      return res.statusCode === 200 ? '200' : `${res.statusCode} ${res.json().code}`;
    };

    const stillWaiting = async (projectId: string) => {
      const list = await call('admin1', 'GET', 'council-1/waiting');
      return list.json().troops.some((w: { projectId: string }) => w.projectId === projectId);
    };

    it.each(matrix)('%s: lists, confirms and refuses -> %s', async (who, expected) => {
      const [toConfirm, toRefuse] = [number(), number()];
      for (const num of [toConfirm, toRefuse])
        expect((await signUpWith('council-1', num)).statusCode).toBe(200);
      const list = await answer(who, 'GET', 'council-1/waiting');
      const confirm = await answer(who, 'POST', `council-1/troops/troop-${toConfirm}/confirm`);
      const refuse = await answer(who, 'POST', `council-1/troops/troop-${toRefuse}/refuse`);
      expect([list, confirm, refuse]).toEqual([expected, expected, expected]);
      const decided = expected === '200';
      expect(await stillWaiting(`troop-${toConfirm}`)).toBe(!decided);
      expect(await stillWaiting(`troop-${toRefuse}`)).toBe(!decided);
      if (decided)
        expect(
          (await t.app.inject({ method: 'GET', url: `/api/troops/troop-${toRefuse}` })).statusCode,
        ).toBe(404);
    });

    it("records the platform admin's decision as theirs, in a council they are no member of", async () => {
      const num = number();
      expect((await signUpWith('council-2', num)).statusCode).toBe(200);
      const decided = await answer(
        'platformAdmin',
        'POST',
        `council-2/troops/troop-${num}/confirm`,
      );
      expect(decided).toBe('200');
      const { rows } = await t.deps.store.query<{ actor_id: string }>(
        "SELECT actor_id FROM audit_log WHERE action = 'troop.confirmed' AND target_id = (SELECT id FROM troops WHERE project_id = ?)",
        [`troop-${num}`],
      );
      expect(rows.map((r) => r.actor_id)).toEqual([`platform-${kind}`]);
    });
  });

  it('refusing removes the troop and the account in no other troop', async () => {
    const num = number();
    const res = await signUpWith('council-1', num);
    const session = res.json<SessionResponse>();
    const projectId = `troop-${num}`;
    const refused = await call('admin1', 'POST', `council-1/troops/${projectId}/refuse`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ outcome: 'refused' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/troops/${projectId}` })).statusCode,
    ).toBe(404);
    expect((await me(t, session.access_token)).statusCode).not.toBe(200);
    const { rows } = await t.deps.store.query('SELECT id FROM users WHERE email = ?', [
      session.user.email,
    ]);
    expect(rows).toEqual([]);
    // Refused, it is confirmed no more.
    expect((await call('admin1', 'POST', `council-1/troops/${projectId}/confirm`)).statusCode).toBe(
      404,
    );
  });

  it('two confirms at once are one confirm', async () => {
    const num = number();
    expect((await signUpWith('council-1', num)).statusCode).toBe(200);
    const projectId = `troop-${num}`;
    const both = await Promise.all([
      call('admin1', 'POST', `council-1/troops/${projectId}/confirm`),
      call('admin1', 'POST', `council-1/troops/${projectId}/confirm`),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const { rows } = await t.deps.store.query(
      "SELECT id FROM audit_log WHERE action = 'troop.confirmed' AND target_id = (SELECT id FROM troops WHERE project_id = ?)",
      [projectId],
    );
    expect(rows).toHaveLength(1);
    expect((await call('admin1', 'POST', `council-1/troops/${projectId}/refuse`)).statusCode).toBe(
      409,
    );
  });

  it("mails the council's admins when a troop registers, and the registrant when it is confirmed", async () => {
    const num = number();
    const session = (await signUpWith('council-1', num)).json<SessionResponse>();
    await runJobs(t);
    const told = mail.sent.filter(
      (m) => m.subject.startsWith('A new troop is waiting') && m.text.includes(session.user.email),
    );
    expect(told.flatMap((m) => m.to.map((a) => a.address))).toEqual([
      `admin1.${kind}@council.example`,
    ]);
    expect(told[0]?.text).toContain(`Troop ${num}`);

    mail.sent.length = 0;
    await call('admin1', 'POST', `council-1/troops/troop-${num}/confirm`);
    await runJobs(t);
    expect(
      mail.sent.filter((m) => m.to[0]?.address === session.user.email).map((m) => m.subject),
    ).toEqual([`Troop ${num} is confirmed`]);
  });

  it('lets the platform admin make a council that accepts troops (acceptsTroops), off by default', async () => {
    const pat = (await addMember(t, `pat-${kind}`, 'admin')).token;
    const make = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/troops/${FIRST}`,
        headers: bearer(pat),
        payload: { kind: 'council', name: 'A council', ...body },
      });
    expect(
      (await make({ projectId: 'council-on', number: '70', acceptsTroops: true })).statusCode,
    ).toBe(200);
    expect((await make({ projectId: 'council-off', number: '71' })).statusCode).toBe(200);
    const onlyCouncils = await make({
      projectId: 'troop-72',
      number: '72',
      kind: 'troop',
      acceptsTroops: true,
    });
    expect(`${onlyCouncils.statusCode} ${onlyCouncils.json().message}`).toBe(
      '400 Only a council accepts new troops',
    );
    expect((await signUpWith('council-on', number())).statusCode).toBe(200);
    expect((await signUpWith('council-off', number())).statusCode).toBe(400);
  });

  it('mails the registrant when the council refuses the troop', async () => {
    const num = number();
    const session = (await signUpWith('council-1', num)).json<SessionResponse>();
    await call('admin1', 'POST', `council-1/troops/troop-${num}/refuse`);
    await runJobs(t);
    const told = mail.sent.filter((m) => m.to[0]?.address === session.user.email);
    expect(told.map((m) => m.subject)).toEqual([`Troop ${num} was not confirmed`]);
  });
});
