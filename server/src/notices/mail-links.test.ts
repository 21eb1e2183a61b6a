import { describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/auth.ts';
import { addTroop, joinTroop } from '../../test/calendar.ts';
import { addHousehold, answer } from '../../test/families.ts';
import { joinUnit } from '../../test/troops.ts';
import { queueWaitingNotice } from '../members/waiting-notice.ts';
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

  it('names a second troop in every link of its mails and of the pages they open', async () => {
    const { t, leader, parent, other } = await troop();
    const B = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45 Riverside' };
    await addTroop(t, B);
    await joinTroop(t, leader.user.id, B.id, 'admin');
    await joinTroop(t, parent.user.id, B.id, 'user');
    const app = t.deps.config.publicUrl;
    const inB = `troop=${B.projectId}`;
    const call = (
      token: string,
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: object,
    ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    /** The one mail whose subject starts so, or the one mail to `to`. */
    const textOf = (subject: string, to?: string) => {
      const mails = withSubject(t, subject).filter((m) => !to || m.rcptTo.includes(to));
      expect(mails, subject).toHaveLength(1);
      return { text: mails[0]!.parsed.text ?? '', html: String(mails[0]!.parsed.html ?? '') };
    };
    /** Every address of the app a mail carries: none of the API's (answers, unsubscribe). */
    const appLinks = (subject: string, to?: string) => {
      const { text, html } = textOf(subject, to);
      const links = [...`${text} ${html}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) =>
        m[0].replaceAll('&amp;', '&'),
      );
      return [...new Set(links.filter((l) => !l.startsWith(`${app}/api/`)))];
    };

    // A parent of B with a household there, so B's notice carries answer links.
    expect(
      (await call(parent.access_token, 'GET', `/api/households/${B.projectId}/mine`)).statusCode,
    ).toBe(200);
    const made = await call(
      leader.access_token,
      'POST',
      `/api/db/${B.projectId}/rest/v1/calendar_events`,
      {
        event_name: 'B campout',
        event_date: '2026-06-25',
        event_time: '18:00',
      },
    );
    expect(made.statusCode, made.body).toBe(201);
    const campout = (made.json() as { id: string }[])[0]!.id;
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(appLinks('Troop 45 Riverside: New event: B campout')).toEqual([
      `${app}/calendar/events/${campout}?${inB}`,
    ]);
    // The page an answer link opens, saved or refused, leads back into B.
    const going = /Going: (\S+)/.exec(textOf('Troop 45 Riverside: New event: B campout').text)?.[1];
    expect(going).toBeDefined();
    const url = going!.slice(app.length);
    const confirm = await t.app.inject({ method: 'GET', url });
    expect(confirm.body).toContain(`href="${app}/calendar/events/${campout}?${inB}"`);
    const saved = await t.app.inject({ method: 'POST', url });
    expect(saved.body).toContain(`href="${app}/calendar/events/${campout}?${inB}"`);
    const refused = await t.app.inject({
      method: 'GET',
      url: url.replace(/token=[^&]+/, 'token=x'),
    });
    expect(refused.body).toContain(`href="${app}/?${inB}"`);

    // Invitations to B, a member's and a household's, mailed and shown to copy.
    const invited = await call(
      leader.access_token,
      'POST',
      `/api/members/${B.projectId}/invitations`,
      {
        email: 'new.scout@troop45.org',
        send: true,
      },
    );
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().url).toMatch(new RegExp(`^${app}/\\?invite=[^&]+&${inB}$`));
    expect(appLinks('', 'new.scout@troop45.org')).toEqual([invited.json().url]);
    const family = await call(
      parent.access_token,
      'POST',
      `/api/households/${B.projectId}/mine/invitations`,
      {
        kind: 'adult',
        email: 'other.parent@troop45.org',
      },
    );
    expect(family.statusCode, family.body).toBe(200);
    expect(family.json().url).toMatch(new RegExp(`^${app}/\\?family=[^&]+&${inB}$`));
    expect(appLinks('', 'other.parent@troop45.org')).toEqual([family.json().url]);

    // A removal links to B's calendar; the unsubscribe page back to B.
    expect(
      (
        await call(
          leader.access_token,
          'DELETE',
          `/api/db/${B.projectId}/rest/v1/calendar_events?id=eq.${campout}`,
        )
      ).statusCode,
    ).toBeLessThan(300);
    await runJobs(t);
    expect(appLinks('Troop 45 Riverside: Removed: B campout')).toEqual([`${app}/calendar?${inB}`]);
    const unsubscribe = /Unsubscribe: (\S+)/.exec(textOf('Troop 45 Riverside: Removed').text)?.[1];
    const done = await t.app.inject({ method: 'POST', url: unsubscribe!.slice(app.length) });
    expect(done.body).toContain(`href="${app}/?${inB}"`);

    // One waiting to join B: its approvers are sent to B's members screen.
    await joinUnit(t, other.user.id, B.id, 'user', 'pending');
    await queueWaitingNotice(t.deps.store, t.clock.now(), other.user.id, B.id);
    await runJobs(t);
    expect(appLinks('Someone is waiting', leader.user.email)).toEqual([`${app}/members?${inB}`]);
  });
});
