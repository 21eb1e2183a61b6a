import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import {
  createEvent,
  patchEvent,
  runJobs,
  to,
  troopPerTest,
  withSubject,
} from '../../test/notices.ts';
import { embeddedStore } from '../../test/test-app.ts';

const unfolded = (raw: string) => raw.replace(/\r?\n[ \t]+/g, ' ');

describe.each(embeddedStore)('event notices (%s)', (kind) => {
  const troop = troopPerTest(kind);

  it('tells members of a new event, and then every member one notice naming old and new time and place', async () => {
    const { t, leader, parent } = await troop();
    const id = await createEvent(t, leader.access_token, {
      event_name: 'Campout',
      event_date: '2026-06-25',
      event_time: '18:00',
      location: 'Scout Hall',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    const news = withSubject(t, 'New event: Campout');
    expect(news.map(to).sort()).toEqual(['other@troop12.org', 'parent@troop12.org']);
    expect(news[0]?.parsed.text).toContain('When: Thursday, June 25, 2026 at 6:00 PM');

    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    await answer(t.deps.store, {
      eventId: id,
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
    // Two writes, three fields: families hear of it once, with everything that changed.
    await patchEvent(t, leader.access_token, id, { event_date: '2026-06-26', event_time: '19:30' });
    await patchEvent(t, leader.access_token, id, { location: 'Lake Pavilion' });
    await runJobs(t);

    // Every member who reads the event hears of it, answered or not; its maker does not.
    const changes = withSubject(t, 'Changed: Campout');
    expect(changes.map(to).sort()).toEqual(['other@troop12.org', 'parent@troop12.org']);
    const text = changes[0]!.parsed.text ?? '';
    expect(text).toContain(
      'When: was Thursday, June 25, 2026 at 6:00 PM, now Friday, June 26, 2026 at 7:30 PM',
    );
    expect(text).toContain('Where: was Scout Hall, now Lake Pavilion');

    await t.app.inject({
      method: 'POST',
      url: `/api/calendar/${t.deps.config.projectId}/events/${id}/occurrences/2026-06-26/cancel`,
      headers: bearer(leader.access_token),
      payload: { reason: 'Storm warning' },
    });
    await runJobs(t);
    const cancelled = withSubject(t, 'Cancelled: Campout');
    expect(cancelled.map(to).sort()).toEqual(['other@troop12.org', 'parent@troop12.org']);
    expect(cancelled[0]?.parsed.text).toContain('Reason: Storm warning');
  });

  it('unsubscribes in one click without signing in, and sends no more of that kind', async () => {
    const { t, leader, parent } = await troop();
    await createEvent(t, leader.access_token, {
      event_name: 'Hike',
      event_date: '2026-06-25',
      event_time: '09:00',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    const [mail] = withSubject(t, 'New event: Hike').filter((m) => to(m) === 'parent@troop12.org');
    const raw = unfolded(mail!.raw);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <(https:\/\/troop\.example\/[^>]+)>/m.exec(raw)?.[1];
    expect(link).toBeDefined();
    expect(mail!.parsed.text).toContain(`Unsubscribe: ${link}`);
    const path = link!.slice('https://troop.example'.length);

    // Opening the link (a person, or a mail scanner) only asks.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');
    const settingsUrl = `/api/notifications/${t.deps.config.projectId}/settings`;
    const before = await t.app.inject({
      method: 'GET',
      url: settingsUrl,
      headers: bearer(parent.access_token),
    });
    expect(before.json().settings.newEvents).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: settingsUrl,
      headers: bearer(parent.access_token),
    });
    expect(after.json().settings).toMatchObject({
      newEvents: false,
      changes: true,
      reminders: true,
    });

    const count = t.peer.received.length;
    await createEvent(t, leader.access_token, {
      event_name: 'Swim',
      event_date: '2026-06-27',
      event_time: '09:00',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(withSubject(t, 'New event: Swim').map(to)).toEqual(['other@troop12.org']);
    expect(t.peer.received.length).toBe(count + 1);

    const forged = await t.app.inject({
      method: 'POST',
      url: path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(forged.statusCode).toBe(400);
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: path.replace('.new_events.', '.reminders.'),
    });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('takes the one-click POST as a form, as multipart/form-data or with no body at all', async () => {
    const { t, leader, parent, other } = await troop();
    await createEvent(t, leader.access_token, {
      event_name: 'Hike',
      event_date: '2026-06-25',
      event_time: '09:00',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    const linkOf = (address: string) => {
      const mail = withSubject(t, 'New event: Hike').find((m) => to(m) === address);
      const link = /^List-Unsubscribe: <https:\/\/troop\.example([^>]+)>/m.exec(
        unfolded(mail!.raw),
      );
      return link![1]!;
    };
    const boundary = 'x-unsubscribe-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: linkOf('parent@troop12.org'),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(multipart.headers['content-type']).toMatch(/text\/html/);
    const empty = await t.app.inject({ method: 'POST', url: linkOf('other@troop12.org') });
    expect(empty.statusCode, empty.body).toBe(200);

    const settingsUrl = `/api/notifications/${t.deps.config.projectId}/settings`;
    for (const member of [parent, other]) {
      const res = await t.app.inject({
        method: 'GET',
        url: settingsUrl,
        headers: bearer(member.access_token),
      });
      expect(res.json().settings.newEvents).toBe(false);
    }
  });
});
