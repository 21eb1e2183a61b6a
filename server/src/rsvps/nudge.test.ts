/**
 * Leaders nudge the households that have not answered: one mail to each adult of exactly those
 * households, through a real SMTP peer, and no second nudge for the event within a day. On both
 * stores, since the once-a-day rule is one conditional write.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventPath } from '@scout/protocol/app-paths';
import { buildMailTestApp, type MailTestApp } from '../../test/auth-links.ts';
import { runJobs } from '../../test/notices.ts';
import { addMember, type TestMember } from '../../test/rest.ts';
import { addEvent, addHousehold, answer } from '../../test/rsvps.ts';
import { testStoreKinds } from '../../test/test-app.ts';

const SUBJECT = 'Please answer: who is coming to Spring campout?';

describe.each(testStoreKinds)('RSVP nudge (%s)', (kind) => {
  let t: MailTestApp;
  let ann: TestMember;
  let bob: TestMember;
  let lee: TestMember;
  let event: string;

  const nudge = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calendar/${t.deps.config.projectId}/events/${event}/rsvps/nudge`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
  const nudges = () =>
    t.peer.received.filter((m) => m.parsed.subject === SUBJECT).map((m) => m.rcptTo.join(','));

  beforeEach(async () => {
    t = await buildMailTestApp(kind);
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    lee = await addMember(t, 'lee');
    for (const id of ['bea', 'cal', 'adm']) await addMember(t, id);
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    await t.deps.store.query("UPDATE users SET role = 'admin' WHERE id = 'adm'");
    await addHousehold(t, 'able', ['ann'], [{ id: 'sam', first: 'Sam', last: 'Able' }]);
    await addHousehold(t, 'baker', ['bob', 'bea'], [{ id: 'ben', first: 'Ben', last: 'Baker' }]);
    await addHousehold(t, 'cole', ['cal'], [{ id: 'cat', first: 'Cat', last: 'Cole' }]);
    event = await addEvent(t, lee.token);
    // Household able has answered whole; in baker only bob has; cole not at all.
    for (const attendee of ['user:ann', 'scout:sam'])
      await answer(t, ann.token, event, { attendee, answer: 'going' });
    await answer(t, bob.token, event, { attendee: 'user:bob', answer: 'going' });
  });
  afterEach(async () => t?.close());

  it("mails each adult of the households that have not answered once, naming who, with the event's address", async () => {
    const res = await nudge(lee.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ households: 2, adults: 3 });
    await runJobs(t);
    expect(nudges().sort()).toEqual(['bea@troop12.org', 'bob@troop12.org', 'cal@troop12.org']);
    const toBob = t.peer.received.find(
      (m) => m.parsed.subject === SUBJECT && m.rcptTo[0] === 'bob@troop12.org',
    );
    expect(toBob?.parsed.text).toContain('No answer yet for: Ben Baker, Member bea.');
    expect(toBob?.parsed.text).toContain(`https://troop.example${eventPath(event)}`);
  });

  it('names a meeting of a series by its date in words, as the app writes it', async () => {
    const weekly = await addEvent(t, lee.token, {
      eventName: 'Troop meeting',
      eventDate: '2031-04-01',
      rrule: 'FREQ=WEEKLY',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/calendar/${t.deps.config.projectId}/events/${weekly}/rsvps/nudge`,
      headers: { authorization: `Bearer ${lee.token}` },
      payload: { occurrence: '2031-04-22' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runJobs(t);
    const mail = t.peer.received.find(
      (m) => m.parsed.subject === 'Please answer: who is coming to Troop meeting?',
    );
    expect(mail?.parsed.text).toContain(
      'The leaders are asking who is coming to Troop meeting on Tuesday, April 22, 2031.',
    );
  });

  it('refuses a second nudge for the event the same day, saying when the next may go, and sends nothing more', async () => {
    expect((await nudge(lee.token)).statusCode).toBe(200);
    t.clock.advance(10 * 60 * 1000);
    const again = await nudge(lee.token);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'RSVP_NUDGE_TOO_SOON' });
    expect(again.json().message).toMatch(
      /The next may go after \w{3}, \w{3} \d+, \d{4}, \d+:\d{2} [AP]M/,
    );
    expect(Number(again.headers['retry-after'])).toBe(24 * 60 * 60 - 10 * 60);
    await runJobs(t);
    expect(nudges()).toHaveLength(3);
  });

  it('asks nobody to answer for a cancelled event', async () => {
    await t.deps.store.query("UPDATE calendar_events SET status = 'cancelled' WHERE id = ?", [
      event,
    ]);
    expect((await nudge(lee.token)).statusCode).toBe(409);
    await runJobs(t);
    expect(nudges()).toEqual([]);
  });

  it('is for those who manage answers only', async () => {
    expect((await nudge(ann.token)).statusCode).toBe(403);
    await runJobs(t);
    expect(nudges()).toEqual([]);
  });
});
