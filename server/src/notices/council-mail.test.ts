/**
 * A council's events in its troops' mail (docs/decisions/064-notice-batches.md, "Council
 * events"): the new-event notice, changes, removals and reminders of a council event reach the
 * members of every troop of the council, once per person, each mail naming the member's troop
 * and the council and linking into that troop; its answer links answer in that troop; a digest
 * of several troops links each event into its own. The first troop, of no council, hears
 * nothing of it, nor does a member still waiting to join.
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import type { MailTestApp } from '../../test/auth-links.ts';
import { troopEvent } from '../../test/calendar.ts';
import { runJobs, to, troopPerTest, withSubject } from '../../test/notices.ts';
import { addTroopMember, callRest, type TestMember } from '../../test/rest.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';
import { scheduleReminders } from './reminder-scan.ts';

const L = { id: 'council-l', projectId: 'lakeside-council', name: 'Lakeside Council' };
const A = { id: 'troop-a', projectId: 'troop-a-project', name: 'Troop 12 Lakeside' };
const B = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45 Riverside' };
const FROM_L = 'Camporee, from Lakeside Council';

describe.each(testStoreKinds)('council events in troop members’ mail (%s)', (kind) => {
  const troop = troopPerTest(kind);

  /**
   * The council and two troops of it beside the first troop: lee leads the council and cia is
   * its member; amy is in A, bob in B; pat joined B, then A; wes waits to join A.
   */
  async function council() {
    const { t } = await troop();
    await addUnit(t, { ...L, kind: 'council' });
    await addUnit(t, { ...A, councilId: L.id });
    await addUnit(t, { ...B, councilId: L.id });
    const lee = await addTroopMember(t, 'lee', { [L.id]: 'admin' });
    const cia = await addTroopMember(t, 'cia', { [L.id]: 'user' });
    const amy = await addTroopMember(t, 'amy', { [A.id]: 'user' });
    const bob = await addTroopMember(t, 'bob', { [B.id]: 'user' });
    const pat = await addTroopMember(t, 'pat', { [B.id]: 'user' });
    t.clock.advance(1000);
    await joinUnit(t, pat.id, A.id, 'user');
    const wes = await addTroopMember(t, 'wes', {});
    await joinUnit(t, wes.id, A.id, 'user', 'pending');
    return { t, lee, cia, amy, bob, pat };
  }

  /** The Camporee, published by the council's leader on the council's path. */
  async function camporee(t: MailTestApp, lee: TestMember, fields: Record<string, unknown> = {}) {
    const res = await callRest(t, 'POST', 'calendar_events', {
      token: lee.token,
      projectId: L.projectId,
      prefer: 'return=representation',
      body: { event_name: 'Camporee', event_date: '2026-06-25', event_time: '18:00', ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }[])[0]!.id;
  }

  async function patchCouncilEvent(t: MailTestApp, lee: TestMember, id: string, body: object) {
    const res = await callRest(t, 'PATCH', `calendar_events?id=eq.${id}`, {
      token: lee.token,
      projectId: L.projectId,
      body,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }

  /** Runs the jobs, lets the new-event batch close, and runs what it schedules. */
  async function announce(t: MailTestApp) {
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs + 1);
    await runJobs(t);
  }

  const mentioning = (t: MailTestApp, words: string) =>
    t.peer.received.filter((m) => (m.parsed.subject ?? '').includes(words));
  const textTo = (t: MailTestApp, subject: string, who: TestMember) => {
    const mails = withSubject(t, subject).filter((m) => m.rcptTo.includes(who.email));
    expect(mails, `${subject} to ${who.email}`).toHaveLength(1);
    return mails[0]!.parsed.text ?? '';
  };

  it("tells a council event's new-event notice to every troop of the council once per person, in their troop, and answers from its links there", async () => {
    const { t, lee, cia, amy, bob, pat } = await council();
    const app = t.deps.config.publicUrl;
    const id = await camporee(t, lee);
    await announce(t);

    expect(withSubject(t, `Troop 12 Lakeside: New event: ${FROM_L}`).map(to)).toEqual([amy.email]);
    expect(withSubject(t, `Troop 45 Riverside: New event: ${FROM_L}`).map(to).sort()).toEqual(
      [bob.email, pat.email].sort(),
    );
    expect(withSubject(t, 'Lakeside Council: New event: Camporee').map(to)).toEqual([cia.email]);
    // Nobody else: not its maker, not the first troop (of no council), not one still waiting.
    expect(mentioning(t, 'Camporee')).toHaveLength(4);

    // Every link of amy's mail is troop A's: the event, the answers, the unsubscribe address.
    const text = textTo(t, 'Troop 12 Lakeside: New event', amy);
    expect(text).toContain(`${FROM_L} is on the troop calendar.`);
    expect(/Open .+: (\S+)/.exec(text)?.[1]).toBe(
      `${app}/calendar/events/${id}?troop=${A.projectId}`,
    );
    expect(text).toContain(`${app}/api/notifications/${A.projectId}/unsubscribe?token=`);
    const going = /Going: (\S+)/.exec(text)?.[1];
    expect(going).toContain(`/api/calendar/${A.projectId}/mail-answer?token=`);
    // pat's mail is B's, the troop they joined first.
    expect(textTo(t, 'Troop 45 Riverside: New event', pat)).toContain(
      `/api/calendar/${B.projectId}/mail-answer?token=`,
    );

    // The link answers the council's event in troop A.
    const url = going!.slice(app.length);
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Camporee');
    expect(page.body).toContain(`href="${app}/calendar/events/${id}?troop=${A.projectId}"`);
    const saved = await t.app.inject({ method: 'POST', url });
    expect(saved.statusCode, saved.body).toBe(200);
    const answers = await t.deps.store.query<{
      troop_id: string;
      attendee: string;
      answer: string;
    }>('SELECT troop_id, attendee, answer FROM rsvps WHERE event_id = ?', [id]);
    expect(answers.rows).toEqual([{ troop_id: A.id, attendee: `user:${amy.id}`, answer: 'going' }]);
    // The same link on troop B's address, where amy is no member, answers nothing.
    const inB = url.replace(A.projectId, B.projectId);
    expect((await t.app.inject({ method: 'POST', url: inB })).statusCode).toBe(404);
    expect(
      (await t.deps.store.query('SELECT id FROM rsvps WHERE event_id = ?', [id])).rows,
    ).toHaveLength(1);
  });

  it('tells a move, a cancellation and a removal of a council event like a troop event, in each troop', async () => {
    const { t, lee, cia, amy, bob, pat } = await council();
    const id = await camporee(t, lee);
    await announce(t);
    await patchCouncilEvent(t, lee, id, { event_date: '2026-06-26' });
    await runJobs(t);
    expect(withSubject(t, `Troop 12 Lakeside: Changed: ${FROM_L}`).map(to)).toEqual([amy.email]);
    expect(withSubject(t, `Troop 45 Riverside: Changed: ${FROM_L}`).map(to).sort()).toEqual(
      [bob.email, pat.email].sort(),
    );
    expect(withSubject(t, 'Lakeside Council: Changed: Camporee').map(to)).toEqual([cia.email]);
    expect(textTo(t, 'Troop 12 Lakeside: Changed', amy)).toContain(
      `/calendar/events/${id}?troop=${A.projectId}`,
    );

    await patchCouncilEvent(t, lee, id, {
      status: 'cancelled',
      cancel_reason: 'Flooded campsite',
    });
    await runJobs(t);
    const cancelled = mentioning(t, `Cancelled: ${FROM_L}`);
    expect(cancelled.map(to).sort()).toEqual([amy.email, bob.email, pat.email].sort());
    expect(textTo(t, 'Troop 45 Riverside: Cancelled', bob)).toContain('Reason: Flooded campsite');

    // A second event, answered in B by bob alone: its removal tells bob, in B.
    const hike = await camporee(t, lee, { event_name: 'Council hike', event_date: '2026-06-27' });
    await announce(t);
    const answered = await t.app.inject({
      method: 'PUT',
      url: `/api/calendar/${B.projectId}/events/${hike}/rsvps`,
      headers: bearer(bob.token),
      payload: { attendee: `user:${bob.id}`, answer: 'going' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const removed = await callRest(t, 'DELETE', `calendar_events?id=eq.${hike}`, {
      token: lee.token,
      projectId: L.projectId,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await runJobs(t);
    expect(mentioning(t, 'Removed: Council hike').map(to)).toEqual([bob.email]);
    expect(
      textTo(t, 'Troop 45 Riverside: Removed: Council hike, from Lakeside Council', bob),
    ).toContain(`/calendar?troop=${B.projectId}`);
  });

  it("reminds each troop's households of a council event, a person in two troops once", async () => {
    const { t, lee, cia, amy, bob, pat } = await council();
    const at = new Date(t.clock.now()).toISOString();
    for (const [household, troopId, adult] of [
      ['fam-a', A.id, amy],
      ['fam-b', B.id, bob],
    ] as const) {
      await t.deps.store.query(
        'INSERT INTO households (id, name, created_by, created_at, troop_id) VALUES (?, ?, ?, ?, ?)',
        [household, household, adult.id, at, troopId],
      );
      await t.deps.store.query(
        'INSERT INTO household_adults (household_id, user_id, joined_at, troop_id) VALUES (?, ?, ?, ?)',
        [household, adult.id, at, troopId],
      );
    }
    // A scout of A's household with an account of their own: the household's adults are reminded.
    const yan = await addTroopMember(t, 'yan', { [A.id]: 'user' });
    await t.deps.store.query(
      `INSERT INTO scouts (id, household_id, first_name, last_name, user_id, created_at, updated_at, troop_id)
       VALUES ('scout-yan', 'fam-a', 'Yan', 'Able', ?, ?, ?, ?)`,
      [yan.id, at, at, A.id],
    );
    // Eight hours from now: inside every reminder setting.
    await troopEvent(t, L.id, {
      id: 'camporee',
      user_id: lee.id,
      event_name: 'Camporee',
      event_date: '2026-06-10',
      event_time: '16:00',
    });
    await runJobs(t);
    await scheduleReminders(t.deps);
    await runJobs(t);
    const reminders = mentioning(t, `Reminder: ${FROM_L}`);
    expect(reminders.map(to).sort()).toEqual([amy.email, bob.email, pat.email].sort());
    // pat, in no household, joined B before A: reminded in B, as every other mail of the council's.
    expect(textTo(t, 'Troop 45 Riverside: Reminder', pat)).toContain(
      `/calendar/events/camporee?troop=${B.projectId}`,
    );
    // The council's own members are reminded as the council's, as before.
    expect(mentioning(t, 'Lakeside Council: Reminder: Camporee,').map(to).sort()).toEqual(
      [cia.email, lee.email].sort(),
    );
    expect(textTo(t, 'Troop 12 Lakeside: Reminder', amy)).toContain(
      `/calendar/events/camporee?troop=${A.projectId}`,
    );
    expect(textTo(t, 'Troop 45 Riverside: Reminder', bob)).toContain(
      `/api/calendar/${B.projectId}/mail-answer?token=`,
    );
    // Looking again schedules nothing more.
    await scheduleReminders(t.deps);
    await runJobs(t);
    expect(mentioning(t, 'Reminder:')).toHaveLength(5);
  });

  it("links each event of a digest of several troops into its own troop, the council's into the member's", async () => {
    const { t, lee, pat } = await council();
    const app = t.deps.config.publicUrl;
    const daily = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${A.projectId}/settings`,
      headers: bearer(pat.token),
      payload: {
        newEvents: true,
        newEventsDigest: 'daily',
        changes: true,
        reminders: true,
        reminderHours: 48,
      },
    });
    expect(daily.statusCode, daily.body).toBe(200);
    const id = await camporee(t, lee);
    for (const [event, troopId] of [
      ['a-hike', A.id],
      ['b-campout', B.id],
    ] as const)
      await troopEvent(t, troopId, {
        id: event,
        user_id: lee.id,
        event_name: event,
        event_date: '2026-07-02',
      });
    await announce(t);
    // 18:00 in the server's zone that day is past by 23:00 UTC.
    t.clock.set(Date.UTC(2026, 5, 10, 23));
    await runJobs(t);
    const digests = mentioning(t, "New events: 3 on your troops' calendars");
    expect(digests.map(to)).toEqual([pat.email]);
    const text = digests[0]!.parsed.text ?? '';
    const lines = text.split('\n');
    const after = (line: string) => lines[lines.findIndex((l) => l.startsWith(line)) + 1];
    expect(after('a-hike:')).toBe(`Open: ${app}/calendar/events/a-hike?troop=${A.projectId}`);
    expect(after('b-campout:')).toBe(`Open: ${app}/calendar/events/b-campout?troop=${B.projectId}`);
    // The council's event is in pat's first troop of the council, B, and named as the council's.
    expect(after(`${FROM_L}:`)).toBe(`Open: ${app}/calendar/events/${id}?troop=${B.projectId}`);
    expect(text.indexOf(FROM_L)).toBeGreaterThan(text.indexOf('Troop 45 Riverside:'));
    const html = String(digests[0]!.parsed.html ?? '');
    expect(html).toContain(`<a href="${app}/calendar/events/b-campout?troop=${B.projectId}">`);
    // No other mail of these events reached pat.
    expect(t.peer.received.filter((m) => m.rcptTo.includes(pat.email))).toHaveLength(1);
  });
});
