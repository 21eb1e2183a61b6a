/**
 * Reminders to volunteers before their slot, on both stores, delivered to a real SMTP peer: once
 * per volunteer and slot occurrence at the hours each chose, with two job workers looking and
 * running at the same time; none for a place given back before it goes or a member with
 * reminders off; a scout's place reminds the household's adults; the troop's name in the
 * subject and the one-click unsubscribe of event reminders.
 */
import { describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/auth.ts';
import { addHousehold } from '../../test/families.ts';
import { createEvent, runJobs, to, troopPerTest, withSubject } from '../../test/notices.ts';
import { testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { callVolunteer } from '../../test/volunteer.ts';
import { createAppJobWorker } from '../job-worker.ts';
import { readSettings } from '../notices/settings.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

const HOUR = 3600_000;

describe.each(testStoreKinds)('volunteer reminders (%s)', (kind) => {
  const troop = troopPerTest(kind);

  const call = callVolunteer;
  const settings = (t: TestApp, token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(token),
      payload: { newEvents: false, changes: false, reminders: true, reminderHours: 48, ...body },
    });
  /** The troop's first account as a leader, who holds volunteer.manage. */
  const asLeader = (t: TestApp, userId: string) =>
    t.deps.store.query("UPDATE memberships SET role = 'leader' WHERE user_id = ?", [userId]);
  const addSlot = async (t: TestApp, token: string, event: string, body: object) => {
    const res = await call(t, token, 'POST', `/events/${event}/slots`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().slot.id as string;
  };
  const take = async (t: TestApp, token: string, slot: string, body: object = {}) => {
    const res = await call(t, token, 'POST', `/slots/${slot}/take`, body);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('reminds each volunteer once per slot at the hours they chose, with two workers at once', async () => {
    const { t, leader, parent, other } = await troop();
    await asLeader(t, leader.user.id);
    await t.deps.store.query('UPDATE troops SET name = ? WHERE id = ?', [
      'Troop 12',
      FIRST_TROOP_ID,
    ]);
    t.deps.troops.forget();
    expect((await settings(t, leader.access_token, { reminders: false })).statusCode).toBe(200);
    await settings(t, parent.access_token, { reminderHours: 24 });
    await settings(t, other.access_token, { reminderHours: 48 });
    // Saturday 09:00 in New York, 73 hours from now.
    const campout = await createEvent(t, leader.access_token, {
      event_name: 'Campout',
      event_date: '2026-06-13',
      event_time: '09:00',
    });
    const drivers = await addSlot(t, leader.access_token, campout, {
      title: 'Driver to camp',
      kind: 'driver',
      people: 2,
      seats: 3,
    });
    const dinner = await addSlot(t, leader.access_token, campout, {
      title: 'Saturday dinner',
      kind: 'meal',
      people: 1,
      timeFrom: '17:00',
      timeTo: '19:00',
      note: 'Tacos',
    });
    await take(t, parent.access_token, drivers);
    await take(t, parent.access_token, dinner);
    await take(t, other.access_token, drivers);

    const second = createAppJobWorker(t.deps);
    const bothWorkers = () => Promise.all([runJobs(t), second.runDue(), second.runDue()]);
    const reminders = () =>
      withSubject(t, 'Troop 12: Reminder: ')
        .filter((m) => !(m.parsed.subject ?? '').startsWith('Troop 12: Reminder: Campout'))
        .map((m) => `${to(m)} ${m.parsed.subject}`)
        .sort();

    await bothWorkers();
    expect(reminders()).toEqual([]);
    // 48 hours before the campout: the member who chose 48 hours.
    t.clock.advance(25 * HOUR);
    await bothWorkers();
    expect(reminders()).toEqual([
      'other@troop12.org Troop 12: Reminder: Driver to camp at Campout, Saturday, June 13, 2026 at 9:00 AM',
    ]);
    // 24 hours before: the parent's drive; their dinner is 24 hours before 17:00.
    t.clock.advance(24 * HOUR);
    await bothWorkers();
    t.clock.advance(7 * HOUR);
    await bothWorkers();
    expect(reminders()).toHaveLength(2);
    t.clock.advance(HOUR);
    await bothWorkers();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(2 * HOUR);
      await bothWorkers();
    }
    expect(reminders()).toEqual([
      'other@troop12.org Troop 12: Reminder: Driver to camp at Campout, Saturday, June 13, 2026 at 9:00 AM',
      'parent@troop12.org Troop 12: Reminder: Driver to camp at Campout, Saturday, June 13, 2026 at 9:00 AM',
      'parent@troop12.org Troop 12: Reminder: Saturday dinner at Campout, Saturday, June 13, 2026 at 5:00 PM',
    ]);
    const mail = withSubject(t, 'Troop 12: Reminder: Saturday dinner')[0]!;
    expect(mail.parsed.text).toContain('When: Saturday, June 13, 2026 at 5:00 PM to 7:00 PM');
    expect(mail.parsed.text).toContain('Note: Tacos');
    const raw = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>/m.exec(raw)![1]!;
    expect(mail.parsed.text).toContain(`Unsubscribe: ${unsubscribe}`);
    const done = await t.app.inject({
      method: 'POST',
      url: unsubscribe.slice(t.deps.config.publicUrl.length),
    });
    expect(done.statusCode).toBeLessThan(300);
    // One click turns the reminders setting off, event reminders' and volunteers' alike.
    expect((await readSettings(t.deps.store, parent.user.id)).reminders).toBe(false);
    await second.stop();
  });

  it('reminds of a slot on every meeting of a series once per meeting, at a moved meeting’s new time', async () => {
    const { t, leader, parent } = await troop();
    await asLeader(t, leader.user.id);
    await settings(t, leader.access_token, { reminders: false });
    await settings(t, parent.access_token, { reminderHours: 24 });
    // Thursdays at 19:00 in New York, from tomorrow, three times.
    const series = await createEvent(t, leader.access_token, {
      event_name: 'Troop meeting',
      event_date: '2026-06-11',
      event_time: '19:00',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    const snacks = await addSlot(t, leader.access_token, series, {
      title: 'Snacks',
      kind: 'meal',
      people: 1,
      occurrence: '*',
    });
    for (const occurrence of ['2026-06-11', '2026-06-18'])
      await take(t, parent.access_token, snacks, { occurrence });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/calendar/${t.deps.config.projectId}/events/${series}/occurrences/2026-06-18?scope=this`,
      headers: bearer(leader.access_token),
      payload: { changes: { eventTime: '18:30' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const snackMails = () =>
      withSubject(t, 'Reminder: Snacks').map((m) => `${to(m)} ${m.parsed.subject}`);
    for (let hour = 0; hour < 20 * 24; hour += 6) {
      await runJobs(t);
      t.clock.advance(6 * HOUR);
    }
    expect(snackMails()).toEqual([
      'parent@troop12.org Reminder: Snacks at Troop meeting, Thursday, June 11, 2026 at 7:00 PM',
      'parent@troop12.org Reminder: Snacks at Troop meeting, Thursday, June 18, 2026 at 6:30 PM',
    ]);
  });

  it('sends nothing for a place given back first or to a member with reminders off; a scout reminds the household', async () => {
    const { t, leader, parent, other } = await troop();
    await asLeader(t, leader.user.id);
    await settings(t, leader.access_token, { reminders: false });
    await settings(t, other.access_token, { reminderHours: 24 });
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    // Thursday 19:00 in New York, 35 hours from now.
    const meeting = await createEvent(t, leader.access_token, {
      event_name: 'Service day',
      event_date: '2026-06-11',
      event_time: '19:00',
    });
    const shift = await addSlot(t, leader.access_token, meeting, {
      title: 'Pancake shift',
      kind: 'shift',
      people: 3,
      openToScouts: true,
    });
    await take(t, parent.access_token, shift, { volunteer: `scout:${household.scoutIds[0]}` });
    await take(t, other.access_token, shift);
    await take(t, leader.access_token, shift);

    const shifts = () =>
      withSubject(t, 'Reminder: Pancake shift').map((m) => `${to(m)} ${m.parsed.text}`);
    // The parent's 48 hours have begun: Sam's place reminds them now.
    await runJobs(t);
    expect(shifts()).toHaveLength(1);
    expect(shifts()[0]).toContain('parent@troop12.org Sam Scout signed up for "Pancake shift"');

    // A minute before the other member's 24 hours the job is scheduled; the place goes back.
    t.clock.advance(11 * HOUR - 60_000);
    await runJobs(t);
    const { rows } = await t.deps.store.query<{ dedupe_key: string }>(
      "SELECT dedupe_key FROM jobs WHERE kind = 'volunteer-reminder' ORDER BY dedupe_key",
    );
    expect(rows.map((r) => r.dedupe_key)).toEqual(
      [
        `volunteer-reminder:${shift}::scout:${household.scoutIds[0]}`,
        `volunteer-reminder:${shift}::user:${other.user.id}`,
      ].sort(),
    );
    const session = (await signIn(t, 'other@troop12.org')).json().access_token as string;
    const back = await call(t, session, 'POST', `/slots/${shift}/give-back`, {});
    expect(back.statusCode, back.body).toBe(200);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(2 * HOUR);
      await runJobs(t);
    }
    expect(shifts()).toHaveLength(1);
  });
});
