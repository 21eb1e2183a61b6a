import { describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import { createEvent, runJobs, to, troopPerTest, withSubject } from '../../test/notices.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('reminders (%s)', (kind) => {
  const troop = troopPerTest(kind);

  it('reminds each household going or not answered once, at the hours its adults chose', async () => {
    const { t, leader, parent, other } = await troop();
    const second = await signUp(t, { email: 'second@troop12.org' });
    const declined = await signUp(t, { email: 'declined@troop12.org' });
    const quiet = await signUp(t, { email: 'quiet@troop12.org' });
    const late = await signUp(t, { email: 'late@troop12.org' });
    const settings = (token: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/notifications/${t.deps.config.projectId}/settings`,
        headers: bearer(token),
        payload: { newEvents: false, changes: true, reminders: true, reminderHours: 48, ...body },
      });
    for (const s of [leader, parent, other, second, declined])
      expect((await settings(s.access_token, {})).statusCode).toBe(200);
    await settings(quiet.access_token, { reminders: false });
    await settings(late.access_token, { reminderHours: 24 });
    await addHousehold(t.deps.store, [parent.user.id, second.user.id], ['Sam']);
    const declining = await addHousehold(t.deps.store, [declined.user.id], ['Lee']);
    // Saturday 09:00 in New York: 49 hours from now.
    const id = await createEvent(t, leader.access_token, {
      event_name: 'Service day',
      event_date: '2026-06-12',
      event_time: '09:00',
    });
    await answer(t.deps.store, {
      eventId: id,
      attendee: `user:${declined.user.id}`,
      householdId: declining.id,
      answer: 'not_going',
    });
    await answer(t.deps.store, {
      eventId: id,
      attendee: `scout:${declining.scoutIds[0]}`,
      householdId: declining.id,
      answer: 'not_going',
    });

    await runJobs(t);
    expect(withSubject(t, 'Reminder:')).toHaveLength(0);
    t.clock.advance(3600_000);
    await runJobs(t);
    const first = withSubject(t, 'Reminder: Service day').map(to).sort();
    expect(first).toEqual([
      'leader@troop12.org',
      'other@troop12.org',
      'parent@troop12.org',
      'second@troop12.org',
    ]);
    expect(withSubject(t, 'Reminder:')[0]?.parsed.text).toContain('has not answered yet');

    // Looking again, later, from any process, sends nothing twice; the 24-hour member now gets theirs.
    t.clock.advance(24 * 3600_000);
    await runJobs(t);
    t.clock.advance(120_000);
    await runJobs(t);
    const all = withSubject(t, 'Reminder: Service day').map(to).sort();
    expect(all).toEqual([...first, 'late@troop12.org'].sort());
  });

  it('reminds of each occurrence of a series once, and tells who answered one occurrence of its move', async () => {
    const { t, leader, parent } = await troop();
    for (const s of [leader, parent])
      await t.app.inject({
        method: 'PUT',
        url: `/api/notifications/${t.deps.config.projectId}/settings`,
        headers: bearer(s.access_token),
        payload: { newEvents: false, changes: true, reminders: true, reminderHours: 24 },
      });
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    // Thursdays at 19:00 in New York, from tomorrow, three times.
    const id = await createEvent(t, leader.access_token, {
      event_name: 'Troop meeting',
      event_date: '2026-06-11',
      event_time: '19:00',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    await answer(t.deps.store, {
      eventId: id,
      occurrence: '2026-06-18',
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
    const parentReminders = () =>
      withSubject(t, 'Reminder: Troop meeting')
        .filter((m) => to(m) === 'parent@troop12.org')
        .map((m) => m.parsed.subject);
    await runJobs(t);
    expect(parentReminders()).toEqual([]);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/calendar/${t.deps.config.projectId}/events/${id}/occurrences/2026-06-18?scope=this`,
      headers: bearer(leader.access_token),
      payload: { changes: { eventTime: '18:30', location: 'Church basement' } },
    });
    expect(moved.statusCode).toBe(200);
    await runJobs(t);
    const changes = withSubject(t, 'Changed: Troop meeting');
    expect(changes.map(to)).toEqual(['parent@troop12.org']);
    expect(changes[0]?.parsed.text).toContain(
      'When: was Thursday, June 18, 2026 at 7:00 PM, now Thursday, June 18, 2026 at 6:30 PM',
    );
    expect(changes[0]?.parsed.text).toContain('Where: was no place given, now Church basement');

    // 24 hours before the first meeting.
    t.clock.advance(11 * 3600_000);
    await runJobs(t);
    expect(parentReminders()).toEqual([
      'Reminder: Troop meeting, Thursday, June 11, 2026 at 7:00 PM',
    ]);

    for (let day = 0; day < 9; day++) {
      t.clock.advance(24 * 3600_000);
      await runJobs(t);
    }
    expect(parentReminders()).toEqual([
      'Reminder: Troop meeting, Thursday, June 11, 2026 at 7:00 PM',
      'Reminder: Troop meeting, Thursday, June 18, 2026 at 6:30 PM',
    ]);
    const going = withSubject(t, 'Reminder: Troop meeting, Thursday, June 18');
    expect(going.find((m) => to(m) === 'parent@troop12.org')?.parsed.text).toContain(
      'Your household said it is coming.',
    );
  });
});
