/** Who may answer for whom, what every member reads back, deadlines and bad input, on both stores. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { WireRsvpSummary } from '@scout/protocol/rsvps';
import { historyMark } from '../../test/realtime.ts';
import { addMember, type TestMember } from '../../test/rest.ts';
import { addEvent, addHousehold, answer, readRsvps, storedAnswers } from '../../test/rsvps.ts';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('RSVP answers (%s)', (kind) => {
  // Every test starts from the same troop under the same ids: on an empty store.
  const t = sharedTestApp({ store: kind, empty: true });
  let ann: TestMember;
  let bob: TestMember;
  let lee: TestMember;
  let sue: TestMember;
  let cal: TestMember;
  let event: string;

  beforeEach(async () => {
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    lee = await addMember(t, 'lee');
    sue = await addMember(t, 'sue');
    cal = await addMember(t, 'cal');
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    await addHousehold(
      t,
      'able',
      ['ann'],
      [
        { id: 'sam', first: 'Sam', last: 'Able' },
        { id: 'sue-scout', first: 'Sue', last: 'Able', userId: 'sue' },
      ],
    );
    await addHousehold(t, 'baker', ['bob'], [{ id: 'ben', first: 'Ben', last: 'Baker' }]);
    event = await addEvent(t, lee.token);
  });

  const summary = async (token: string, id = event, occurrence?: string) => {
    const res = await readRsvps(t, token, id, occurrence);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WireRsvpSummary;
  };

  it('lets a parent answer for themself and their scout, and shows counts and names to every member', async () => {
    expect((await summary(ann.token)).mine.map((p) => p.attendee)).toEqual([
      'user:ann',
      'scout:sam',
      'scout:sue-scout',
    ]);
    expect(
      (
        await answer(t, ann.token, event, {
          attendee: 'user:ann',
          answer: 'going',
          note: 'Driving 3',
        })
      ).statusCode,
    ).toBe(200);
    const res = await answer(t, ann.token, event, { attendee: 'scout:sam', answer: 'going' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as WireRsvpSummary).mine[1]).toMatchObject({ answer: 'going' });

    const seen = await summary(cal.token);
    // Five people of households: ann and bob as adults; Sam, Sue and Ben as scouts. Lee (a
    // leader) and cal belong to no household and are not counted.
    expect(seen.counts).toEqual({
      youthGoing: 1,
      adultsGoing: 1,
      maybe: 0,
      notGoing: 0,
      noAnswer: 3,
      waitlisted: 0,
    });
    expect(seen.answers.map((a) => [a.name, a.youth, a.answer])).toEqual([
      ['Member ann', false, 'going'],
      ['Sam Able', true, 'going'],
    ]);
    // A note is for the household and leaders only.
    expect(seen.answers[0]?.note).toBeNull();
    expect((await summary(ann.token)).answers[0]?.note).toBe('Driving 3');
    expect((await summary(lee.token)).answers[0]?.note).toBe('Driving 3');
    expect(JSON.stringify(seen)).not.toMatch(/Eagles|(?<![\w-])2014(?![\w-])|@troop12/);
  });

  it('lets a scout with an account answer for themself, and their parent change it', async () => {
    const own = await answer(t, sue.token, event, { attendee: 'user:sue', answer: 'going' });
    expect(own.statusCode).toBe(200);
    expect((own.json() as WireRsvpSummary).mine).toEqual([
      expect.objectContaining({ attendee: 'scout:sue-scout', answer: 'going', youth: true }),
    ]);
    const changed = await answer(t, ann.token, event, {
      attendee: 'scout:sue-scout',
      answer: 'not_going',
    });
    expect(changed.statusCode).toBe(200);
    expect((await summary(sue.token)).mine[0]).toMatchObject({ answer: 'not_going' });
    expect(await storedAnswers(t)).toBe(1);
    // Sue is not her parent's keeper: she cannot answer for her brother.
    const refused = await answer(t, sue.token, event, { attendee: 'scout:sam', answer: 'going' });
    expect(refused.statusCode).toBe(403);
  });

  it("refuses an adult answering for another household's scout or another adult; a leader may", async () => {
    for (const attendee of ['scout:sam', 'user:ann', 'scout:nobody', 'user:nobody']) {
      const res = await answer(t, bob.token, event, { attendee, answer: 'going' });
      expect(res.statusCode, attendee).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await storedAnswers(t)).toBe(0);
    expect(
      (await answer(t, lee.token, event, { attendee: 'scout:sam', answer: 'maybe' })).statusCode,
    ).toBe(200);
    expect(
      (await answer(t, lee.token, event, { attendee: 'scout:nobody', answer: 'maybe' })).statusCode,
    ).toBe(404);
    const seen = await summary(ann.token);
    expect(seen.mine[1]).toMatchObject({ attendee: 'scout:sam', answer: 'maybe' });
    expect(seen.canManage).toBe(false);
    expect((await summary(lee.token)).canManage).toBe(true);
  });

  it('closes answers at the deadline for everyone but leaders', async () => {
    const deadline = new Date(t.clock.now() + 600_000).toISOString();
    const closing = await addEvent(t, lee.token, { rsvpDeadline: deadline });
    expect((await summary(ann.token, closing)).deadline).toBe(deadline);
    expect(
      (await answer(t, ann.token, closing, { attendee: 'user:ann', answer: 'going' })).statusCode,
    ).toBe(200);
    t.clock.advance(600_000);
    const late = await answer(t, ann.token, closing, { attendee: 'user:ann', answer: 'not_going' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('RSVP_CLOSED');
    const seen = await summary(ann.token, closing);
    expect(seen.closed).toBe(true);
    expect(seen.mine[0]).toMatchObject({ answer: 'going' });
    expect(
      (await answer(t, lee.token, closing, { attendee: 'user:ann', answer: 'not_going' }))
        .statusCode,
    ).toBe(200);
    expect((await summary(ann.token, closing)).mine[0]).toMatchObject({ answer: 'not_going' });
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const bad = [
      { attendee: 'user:ann', answer: 'yes' },
      { attendee: 'user:ann', answer: 'going', note: 'x'.repeat(201) },
      { attendee: 'ann', answer: 'going' },
      { attendee: 'user:ann', answer: 'going', occurrence: '2031-04-18' },
      { attendee: 'user:ann', answer: 'going', extra: 1 },
    ];
    for (const body of bad) {
      const res = await answer(t, ann.token, event, body as never);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(
      (await answer(t, ann.token, 'missing', { attendee: 'user:ann', answer: 'going' })).statusCode,
    ).toBe(404);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/${t.deps.config.projectId}/events/${event}/rsvps`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await storedAnswers(t)).toBe(0);
  });

  it('takes no answers for a cancelled event', async () => {
    const off = await addEvent(t, lee.token, { status: 'cancelled' });
    const res = await answer(t, ann.token, off, { attendee: 'user:ann', answer: 'going' });
    expect(res.statusCode).toBe(409);
    expect(await storedAnswers(t)).toBe(0);
  });

  it('keeps answers per occurrence of a series, and with an occurrence that moved', async () => {
    const series = await addEvent(t, lee.token, {
      eventDate: '2031-03-04',
      eventTime: '19:00',
      rrule: 'FREQ=WEEKLY;COUNT=4',
    });
    const first = { attendee: 'user:ann', answer: 'going', occurrence: '2031-03-04' };
    expect((await answer(t, ann.token, series, first)).statusCode).toBe(200);
    expect(
      (
        await answer(t, ann.token, series, {
          ...first,
          occurrence: '2031-03-11',
          answer: 'not_going',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await answer(t, ann.token, series, { attendee: 'user:ann', answer: 'going' })).statusCode,
    ).toBe(400);
    expect(
      (await answer(t, ann.token, series, { ...first, occurrence: '2031-03-05' })).statusCode,
    ).toBe(404);
    expect((await summary(bob.token, series, '2031-03-04')).counts.adultsGoing).toBe(1);
    expect((await summary(bob.token, series, '2031-03-11')).counts.notGoing).toBe(1);
    expect((await summary(bob.token, series, '2031-03-18')).answers).toEqual([]);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/calendar/${t.deps.config.projectId}/events/${series}/occurrences/2031-03-04?scope=this`,
      headers: { authorization: `Bearer ${lee.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ changes: { eventDate: '2031-03-06', capacity: 12 } }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const row = (
      await t.deps.store.query<{ id: string }>(
        'SELECT id FROM calendar_events WHERE series_id = ?',
        [series],
      )
    ).rows[0]!.id;
    // Named by the series and its original date, or by the moved occurrence's own row: one list.
    for (const seen of [
      await summary(bob.token, series, '2031-03-04'),
      await summary(bob.token, row),
    ]) {
      expect(seen).toMatchObject({ eventId: series, occurrence: '2031-03-04', capacity: 12 });
      expect(seen.counts.adultsGoing).toBe(1);
    }
  });

  it('announces every answer on the rsvps channel', async () => {
    // The app is the suite's: only the messages published from here on are this test's.
    const mark = await historyMark(t, 'rsvps');
    await answer(t, ann.token, event, { attendee: 'scout:sam', answer: 'maybe' });
    const history = await t.deps.realtime!.history('rsvps', {
      start: mark,
      end: 'open',
      limit: 10,
    });
    expect(history).toEqual([
      expect.objectContaining({
        type: 'updated',
        data: { eventId: event, occurrence: '' },
        userId: 'ann',
      }),
    ]);
  });
});
