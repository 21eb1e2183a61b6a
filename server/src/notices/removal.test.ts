/**
 * An event deleted from the calendar, or one meeting of a series, is news to those who answered
 * it: one "Removed" notice to the adults of each household that answered (and whoever answered
 * with an account of their own), none to anyone else, none for an event already cancelled or
 * already past.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MailTestApp } from '../../test/auth-links.ts';
import { bearer } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import {
  createEvent,
  deleteEvent,
  patchEvent,
  runJobs,
  to,
  troopOn,
  withSubject,
} from '../../test/notices.ts';
import { embeddedStore } from '../../test/test-app.ts';

/**
 * A troop whose leader runs "Troop meeting" on Thursdays at 19:00 from tomorrow (June 11),
 * `count` times, with the parent's household (Sam) and the other's (Lee) going to the dates given.
 */
async function answeredSeries(
  kind: (typeof embeddedStore)[number],
  count: number,
  answers: { sam: string; lee: string },
) {
  const made = await troopOn(kind);
  const { t, leader, parent, other } = made;
  const id = await createEvent(t, leader.access_token, {
    event_name: 'Troop meeting',
    event_date: '2026-06-11',
    event_time: '19:00',
    rrule: `FREQ=WEEKLY;COUNT=${count}`,
  });
  for (const [user, name, occurrence] of [
    [parent, 'Sam', answers.sam],
    [other, 'Lee', answers.lee],
  ] as const) {
    const household = await addHousehold(t.deps.store, [user.user.id], [name]);
    await answer(t.deps.store, {
      eventId: id,
      occurrence,
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
  }
  const occurrence = (
    method: 'PATCH' | 'DELETE',
    date: string,
    scope: 'this' | 'following',
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/calendar/${t.deps.config.projectId}/events/${id}/occurrences/${date}?scope=${scope}`,
      headers: bearer(leader.access_token),
      ...(payload ? { payload } : {}),
    });
  await runJobs(t);
  return { t, occurrence };
}

describe.each(embeddedStore)('notices of removed events (%s)', (kind) => {
  let t: MailTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('tells the households that answered a deleted event, and only them', async () => {
    const made = await troopOn(kind);
    t = made.t;
    const { leader, parent } = made;
    const id = await createEvent(t, leader.access_token, {
      event_name: 'Canoe trip',
      event_date: '2026-06-20',
      event_time: '08:00',
      location: 'Mill Pond',
    });
    await runJobs(t);
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    await answer(t.deps.store, {
      eventId: id,
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });

    await deleteEvent(t, leader.access_token, id);
    await runJobs(t);
    const removed = withSubject(t, 'Removed: Canoe trip');
    expect(removed.map(to)).toEqual(['parent@troop12.org']);
    expect(removed[0]?.parsed.text).toContain(
      'Canoe trip on Saturday, June 20, 2026 at 8:00 AM has been removed from the troop calendar.',
    );
    expect(removed[0]?.parsed.text).toContain('Where: Mill Pond');
    // Running the jobs again, from any process, sends nothing twice.
    await runJobs(t);
    expect(withSubject(t, 'Removed:')).toHaveLength(1);
  });

  it('says nothing more of an event cancelled before it was deleted, or of one already past', async () => {
    const made = await troopOn(kind);
    t = made.t;
    const { leader, parent } = made;
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    const ids: string[] = [];
    for (const [name, date] of [
      ['Storm day', '2026-06-20'],
      ['Last week', '2026-06-03'],
    ] as const) {
      const id = await createEvent(t, leader.access_token, {
        event_name: name,
        event_date: date,
        event_time: '08:00',
      });
      await answer(t.deps.store, {
        eventId: id,
        attendee: `scout:${household.scoutIds[0]}`,
        householdId: household.id,
        answer: 'going',
      });
      ids.push(id);
    }
    await patchEvent(t, leader.access_token, ids[0]!, { status: 'cancelled' });
    await runJobs(t);
    expect(withSubject(t, 'Cancelled: Storm day').map(to)).toEqual(['parent@troop12.org']);
    for (const id of ids) await deleteEvent(t, leader.access_token, id);
    await runJobs(t);
    expect(withSubject(t, 'Removed:')).toEqual([]);
  });

  it('tells those who answered one meeting of a series that it was removed, moved or not', async () => {
    const made = await answeredSeries(kind, 3, { sam: '2026-06-18', lee: '2026-06-25' });
    t = made.t;
    const occurrence = (method: 'PATCH' | 'DELETE', date: string, payload?: object) =>
      made.occurrence(method, date, 'this', payload);

    expect((await occurrence('DELETE', '2026-06-18')).statusCode).toBe(200);
    await runJobs(t);
    let removed = withSubject(t, 'Removed: Troop meeting');
    expect(removed.map(to)).toEqual(['parent@troop12.org']);
    expect(removed[0]?.parsed.text).toContain(
      'Troop meeting on Thursday, June 18, 2026 at 7:00 PM has been removed from the troop calendar.',
    );

    // A meeting moved first is told as it stood when removed.
    expect(
      (await occurrence('PATCH', '2026-06-25', { changes: { eventTime: '18:00' } })).statusCode,
    ).toBe(200);
    await runJobs(t);
    expect((await occurrence('DELETE', '2026-06-25')).statusCode).toBe(200);
    await runJobs(t);
    removed = withSubject(t, 'Removed: Troop meeting');
    expect(removed.map(to)).toEqual(['parent@troop12.org', 'other@troop12.org']);
    expect(removed[1]?.parsed.text).toContain(
      'Thursday, June 25, 2026 at 6:00 PM has been removed',
    );

    // A refused removal schedules nothing.
    expect((await occurrence('DELETE', '2026-06-26')).statusCode).toBe(404);
    await runJobs(t);
    expect(withSubject(t, 'Removed:')).toHaveLength(2);
  });

  it('tells those who answered a later meeting when a series is cut from a date on, once', async () => {
    // June 11, 18, 25 and July 2.
    const made = await answeredSeries(kind, 4, { sam: '2026-06-18', lee: '2026-07-02' });
    t = made.t;
    const removeFollowing = (date: string) => made.occurrence('DELETE', date, 'following');

    expect((await removeFollowing('2026-06-25')).statusCode).toBe(200);
    await runJobs(t);
    await runJobs(t);
    let removed = withSubject(t, 'Removed: Troop meeting');
    expect(removed.map(to)).toEqual(['other@troop12.org']);
    expect(removed[0]?.parsed.text).toContain(
      'Troop meeting: every meeting from Thursday, June 25, 2026 on has been removed from the troop calendar.',
    );

    // Cutting it from its first date removes the series: told once, to those whose meetings it took.
    expect((await removeFollowing('2026-06-11')).statusCode).toBe(200);
    await runJobs(t);
    removed = withSubject(t, 'Removed: Troop meeting');
    expect(removed.map(to)).toEqual(['other@troop12.org', 'parent@troop12.org']);
    expect(removed[1]?.parsed.text).toContain('with every meeting still to come');
  });
});
