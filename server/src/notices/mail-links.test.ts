import { describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import {
  createEvent,
  deleteEvent,
  runJobs,
  troopPerTest,
  withSubject,
} from '../../test/notices.ts';
import { embeddedStore } from '../../test/test-app.ts';

describe.each(embeddedStore)('links in event notices (%s)', (kind) => {
  const troop = troopPerTest(kind);

  it('links a notice to its event, a reminder to its meeting of the series, a removal to the calendar', async () => {
    const { t, leader, parent } = await troop();
    const app = t.deps.config.publicUrl;
    /** The one link to the app a mail carries, in its text and in its HTML. */
    const linkOf = (subject: string) => {
      const [mail] = withSubject(t, subject);
      const text = /Open .+: (\S+)/.exec(mail?.parsed.text ?? '')?.[1];
      const html = /<a href="([^"]+)">Open /.exec(String(mail?.parsed.html ?? ''))?.[1];
      expect(html).toBe(text);
      return text;
    };

    const campout = await createEvent(t, leader.access_token, {
      event_name: 'Campout',
      event_date: '2026-06-25',
      event_time: '18:00',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(linkOf('New event: Campout')).toBe(`${app}/calendar/events/${campout}`);

    // Thursdays at 19:00 in New York, from tomorrow; a household going to the campout and to the
    // second meeting.
    await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(parent.access_token),
      payload: { newEvents: false, changes: true, reminders: true, reminderHours: 24 },
    });
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    await answer(t.deps.store, {
      eventId: campout,
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
    const series = await createEvent(t, leader.access_token, {
      event_name: 'Troop meeting',
      event_date: '2026-06-11',
      event_time: '19:00',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    await answer(t.deps.store, {
      eventId: series,
      occurrence: '2026-06-18',
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
    // Moved to another day, the meeting keeps the address of the date the series gives it.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/calendar/${t.deps.config.projectId}/events/${series}/occurrences/2026-06-18?scope=this`,
      headers: bearer(leader.access_token),
      payload: { changes: { eventDate: '2026-06-19' } },
    });
    expect(moved.statusCode).toBe(200);
    await runJobs(t);
    expect(linkOf('Changed: Troop meeting')).toBe(`${app}/calendar/events/${series}/2026-06-18`);
    for (let day = 0; day < 9; day++) {
      t.clock.advance(24 * 3600_000);
      await runJobs(t);
    }
    expect(linkOf('Reminder: Troop meeting, Friday, June 19')).toBe(
      `${app}/calendar/events/${series}/2026-06-18`,
    );

    // Nine days on, the leader's session has ended: a new one deletes the campout.
    const again = (await signIn(t, leader.user.email)).json<{ access_token: string }>();
    await deleteEvent(t, again.access_token, campout);
    await runJobs(t);
    expect(linkOf('Removed: Campout')).toBe(`${app}/calendar`);
  });
});
