/**
 * Answers from the mail (docs/decisions/063-answers-from-mail.md): the links a change or reminder
 * mail carries per person, the page a GET shows (which records nothing), the POST that records
 * under the RSVP rules, and the links that must not work (forged, expired, cancelled).
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import type { MailTestApp } from '../../test/auth-links.ts';
import { createEvent, patchEvent, runJobs, troopPerTest, withSubject } from '../../test/notices.ts';
import { embeddedStore } from '../../test/test-app.ts';

type Links = Record<'Going' | 'Maybe' | 'Not going', string>;

describe.each(embeddedStore)('answers from the mail (%s)', (kind) => {
  const troop = troopPerTest(kind);

  /**
   * A parent of Sam and Ben; Sam's "maybe" to an event on June 25 at 18:00 makes the household
   * one that is told of its change, which the leader then makes: the change mail's links.
   */
  async function changeMail(fields: Record<string, unknown> = {}) {
    const made = await troop();
    const { t, leader, parent } = made;
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam', 'Ben']);
    const [sam, ben] = household.scoutIds.map((id) => `scout:${id}`) as [string, string];
    const event = await createEvent(t, leader.access_token, {
      event_name: 'Campout',
      event_date: '2026-06-25',
      event_time: '18:00',
      end_time: '21:00',
      ...fields,
    });
    await runJobs(t);
    await answer(t.deps.store, {
      eventId: event,
      attendee: sam,
      householdId: household.id,
      answer: 'maybe',
    });
    await patchEvent(t, leader.access_token, event, { event_time: '18:30' });
    await runJobs(t);
    const [mail] = withSubject(t, 'Changed: ').filter((m) => m.rcptTo.includes(parent.user.email));
    expect(mail).toBeDefined();
    return { ...made, event, sam, ben, mail: mail!, links: linksOf(mail!.parsed.text ?? '') };
  }

  /** Per person named in the text part, the URL of each answer. */
  function linksOf(text: string): Map<string, Links> {
    const people = new Map<string, Links>();
    let person: Links | undefined;
    for (const line of text.split('\n')) {
      const link = /^ {2}(Going|Maybe|Not going): (\S+)$/.exec(line);
      if (link && person) person[link[1] as keyof Links] = link[2]!;
      else if (line.trim() && !line.startsWith(' ')) {
        person = {} as Links;
        people.set(line.trim(), person);
      }
    }
    return new Map([...people].filter(([, l]) => l.Going));
  }

  const open = (t: MailTestApp, method: 'GET' | 'POST', url: string) =>
    t.app.inject({ method, url: url.slice(t.deps.config.publicUrl.length) });

  async function answersOf(t: MailTestApp, attendee: string) {
    const { rows } = await t.deps.store.query<{ answer: string; note: string | null }>(
      'SELECT answer, note FROM rsvps WHERE attendee = ?',
      [attendee],
    );
    return rows;
  }

  it('carries Going, Maybe and Not going per person the recipient answers for, with times as the app says them', async () => {
    const { mail, links, parent } = await changeMail();
    expect([...links.keys()]).toEqual([parent.user.email, 'Ben Scout', 'Sam Scout']);
    const text = mail.parsed.text ?? '';
    expect(text).toContain(
      'When: was Thursday, June 25, 2026 at 6:00 PM, now Thursday, June 25, 2026 at 6:30 PM',
    );
    expect(text).toContain('Who is coming? Answer with one click');
    // The HTML part carries the same links, one per answer and person.
    const html = String(mail.parsed.html ?? '');
    for (const person of links.values())
      for (const url of Object.values(person)) expect(html).toContain(`href="${url}"`);
    // Every link is its own: nine different tokens.
    const urls = [...links.values()].flatMap((l) => Object.values(l));
    expect(new Set(urls).size).toBe(9);
  });

  it('puts the links in the mail of one new event, not in a list of several', async () => {
    const { t, leader, parent } = await troop();
    await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    const newEvents = async (names: string[]) => {
      for (const event_name of names)
        await createEvent(t, leader.access_token, {
          event_name,
          event_date: '2026-06-25',
          event_time: '18:00',
        });
      await runJobs(t);
      t.clock.advance(t.deps.config.noticeBatchMs);
      await runJobs(t);
      return withSubject(t, 'New event').filter((m) => m.rcptTo.includes(parent.user.email));
    };
    const [one] = await newEvents(['Campout']);
    expect([...linksOf(one?.parsed.text ?? '').keys()]).toEqual([parent.user.email, 'Sam Scout']);
    const several = (await newEvents(['Hike', 'Swim'])).slice(1);
    expect(several).toHaveLength(1);
    expect(linksOf(several[0]?.parsed.text ?? '').size).toBe(0);
  });

  it('puts the links in a reminder too, for the meeting it reminds of', async () => {
    const { t, leader, parent } = await troop();
    await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(parent.access_token),
      payload: { newEvents: false, changes: true, reminders: true, reminderHours: 48 },
    });
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    // Thursdays at 09:00 in New York from June 11; the second, June 18, is reminded of on June 16.
    const series = await createEvent(t, leader.access_token, {
      event_name: 'Service day',
      event_date: '2026-06-11',
      event_time: '09:00',
      rrule: 'FREQ=WEEKLY;COUNT=2',
    });
    for (let day = 0; day < 7; day++) {
      t.clock.advance(24 * 3600_000);
      await runJobs(t);
    }
    // Each adult gets a reminder; the parent's, who answers for Sam, whatever order they came in.
    const mail = withSubject(t, 'Reminder: Service day, Thursday, June 18, 2026 at 9:00 AM').find(
      (m) => m.rcptTo.includes(parent.user.email),
    );
    const sam = linksOf(mail?.parsed.text ?? '').get('Sam Scout');
    expect(sam).toBeDefined();
    expect((await open(t, 'POST', sam!.Going)).body).toContain('Saved: Sam Scout, Going.');
    const { rows } = await t.deps.store.query<{ occurrence: string; answer: string }>(
      'SELECT occurrence, answer FROM rsvps WHERE event_id = ? AND attendee = ?',
      [series, `scout:${household.scoutIds[0]}`],
    );
    expect(rows).toEqual([{ occurrence: '2026-06-18', answer: 'going' }]);
  });

  it('records nothing on GET; the POST records, and another link of the mail changes the answer', async () => {
    const { t, links, ben, sam } = await changeMail();
    const benLinks = links.get('Ben Scout')!;
    const page = await open(t, 'GET', benLinks.Going);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Answer for Ben Scout');
    expect(page.body).toContain('Thursday, June 25, 2026 at 6:30 PM');
    expect(page.body).not.toContain('<script');
    expect(await answersOf(t, ben)).toEqual([]);

    const saved = await open(t, 'POST', benLinks.Going);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Saved: Ben Scout, Going.');
    expect(saved.body).toContain(`/calendar/events/`);
    expect(await answersOf(t, ben)).toEqual([{ answer: 'going', note: null }]);

    expect((await open(t, 'POST', benLinks['Not going'])).statusCode).toBe(200);
    expect(await answersOf(t, ben)).toEqual([{ answer: 'not_going', note: null }]);
    expect((await open(t, 'POST', benLinks.Going)).statusCode).toBe(200);
    expect(await answersOf(t, ben)).toEqual([{ answer: 'going', note: null }]);
    // Sam's answer is Sam's alone.
    expect(await answersOf(t, sam)).toEqual([{ answer: 'maybe', note: null }]);
  });

  it('cannot be altered to answer for someone else, and stops when the event ends', async () => {
    const { t, links, ben, other } = await changeMail();
    const going = links.get('Ben Scout')!.Going;
    // The token's fields, edited to name another member, no longer match their signature.
    const token = new URL(going).searchParams.get('token')!;
    const [body, mac] = token.split('.') as [string, string];
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    for (const forged of [
      [fields[0], `user:${other.user.id}`, ...fields.slice(2)],
      [other.user.id, `user:${other.user.id}`, ...fields.slice(2)],
    ]) {
      const edited = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
      const url = going.replace(token, edited);
      for (const method of ['GET', 'POST'] as const) {
        const res = await open(t, method, url);
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain('This answer link is not valid');
      }
    }
    expect(await answersOf(t, `user:${other.user.id}`)).toEqual([]);

    // 21:00 on June 25 in New York is 01:00 UTC on June 26: then the links stop.
    t.clock.set(Date.UTC(2026, 5, 26, 1));
    const late = await open(t, 'POST', going);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This answer link has expired');
    expect(await answersOf(t, ben)).toEqual([]);
  });

  it('keeps the rules of answering: capacity and waitlist, the deadline, a cancelled event; escapes the event name', async () => {
    const { t, links, event, ben } = await changeMail({
      event_name: 'Campout <script>alert(1)</script> & co',
      capacity: 1,
      rsvp_deadline: '2026-06-20T12:00:00.000Z',
    });
    const sam = links.get('Sam Scout')!;
    const page = await open(t, 'GET', sam.Going);
    expect(page.body).toContain('Campout &lt;script&gt;alert(1)&lt;/script&gt; &amp; co');
    expect(page.body).not.toContain('<script>');
    expect((await open(t, 'POST', sam.Going)).body).toContain('Saved: Sam Scout, Going.');
    const waiting = await open(t, 'POST', links.get('Ben Scout')!.Going);
    expect(waiting.body).toContain('Ben Scout is on the waitlist');

    t.clock.set(Date.UTC(2026, 5, 20, 12));
    const closed = await open(t, 'POST', links.get('Ben Scout')!['Not going']);
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toContain('Answers for this event are closed');
    expect((await answersOf(t, ben))[0]?.answer).toBe('going');

    // The leader's session has ended by now: the event is cancelled in the store.
    await t.deps.store.query("UPDATE calendar_events SET status = 'cancelled' WHERE id = ?", [
      event,
    ]);
    const cancelled = await open(t, 'GET', sam['Not going']);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.body).toContain('This event is cancelled');
  });
});
