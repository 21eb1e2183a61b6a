/**
 * Capacity and the waitlist: the line's order, moving up when someone drops out or places are
 * added, and answers for the last places arriving at the same moment, on both stores.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WireRsvpSummary } from '@scout/protocol/rsvps';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { addEvent, addHousehold, answer, exportCsv, readRsvps } from '../../test/rsvps.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

describe.each(testStoreKinds)('RSVP waitlist (%s)', (kind) => {
  let t: TestApp;
  let lee: TestMember;
  const parents: TestMember[] = [];

  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    lee = await addMember(t, 'lee');
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    parents.length = 0;
    for (const name of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']) {
      parents.push(await addMember(t, name));
      await addHousehold(t, `h-${name}`, [name], [{ id: `kid-${name}`, first: 'Kid', last: name }]);
    }
  });
  afterEach(async () => t?.close());

  const going = (i: number, event: string, extra: Record<string, unknown> = {}) =>
    answer(t, parents[i]!.token, event, {
      attendee: `scout:kid-${parents[i]!.id}`,
      answer: 'going',
      ...extra,
    });
  const read = async (event: string, token = lee.token) =>
    (await readRsvps(t, token, event)).json() as WireRsvpSummary;
  const line = (s: WireRsvpSummary) =>
    s.answers.filter((a) => a.waitlisted).map((a) => `${a.waitlistPosition}:${a.attendee}`);

  it('puts Going answers past the capacity on a waitlist that moves up in order', async () => {
    const event = await addEvent(t, lee.token, { capacity: 2 });
    for (const i of [0, 1, 2, 3]) expect((await going(i, event)).statusCode).toBe(200);
    let seen = await read(event);
    expect(seen.counts).toMatchObject({ youthGoing: 2, waitlisted: 2 });
    expect(seen.placesLeft).toBe(0);
    expect(line(seen)).toEqual(['1:scout:kid-p3', '2:scout:kid-p4']);
    // The parent sees their own place in line.
    expect((await read(event, parents[3]!.token)).mine[1]).toMatchObject({
      answer: 'going',
      waitlisted: true,
      waitlistPosition: 2,
    });

    // Answering Going again with a note keeps the place in line.
    expect((await going(2, event, { note: 'Can share a tent' })).statusCode).toBe(200);
    // A Maybe does not hold a place.
    await answer(t, parents[4]!.token, event, { attendee: 'user:p5', answer: 'maybe' });
    expect(line(await read(event))).toEqual(['1:scout:kid-p3', '2:scout:kid-p4']);

    // p1 drops out: the first in line moves up, the rest move forward.
    await answer(t, parents[0]!.token, event, { attendee: 'scout:kid-p1', answer: 'not_going' });
    seen = await read(event);
    expect(
      seen.answers.filter((a) => a.answer === 'going' && !a.waitlisted).map((a) => a.attendee),
    ).toEqual(['scout:kid-p2', 'scout:kid-p3']);
    expect(line(seen)).toEqual(['1:scout:kid-p4']);

    // p1 changes their mind: they join the end of the line, not their old place.
    await going(0, event);
    expect(line(await read(event))).toEqual(['1:scout:kid-p4', '2:scout:kid-p1']);
  });

  it('moves the line up when a leader adds places or removes the capacity', async () => {
    const event = await addEvent(t, lee.token, { capacity: 1 });
    for (const i of [0, 1, 2, 3]) await going(i, event);
    const raise = (capacity: number | null) =>
      callRest(t, 'PATCH', `calendar_events?id=eq.${event}`, {
        token: lee.token,
        body: { capacity },
      });
    expect((await raise(2)).statusCode).toBe(200);
    let seen = await read(event);
    expect(seen.counts).toMatchObject({ youthGoing: 2, waitlisted: 2 });
    expect(line(seen)).toEqual(['1:scout:kid-p3', '2:scout:kid-p4']);
    expect((await raise(null)).statusCode).toBe(200);
    seen = await read(event);
    expect(seen.counts).toMatchObject({ youthGoing: 4, waitlisted: 0 });
    expect(seen.placesLeft).toBeNull();
  });

  it("gives a removed scout's place to the first in line, in the export as on screen", async () => {
    const event = await addEvent(t, lee.token, { capacity: 1 });
    for (const i of [0, 1]) await going(i, event);
    expect(line(await read(event))).toEqual(['1:scout:kid-p2']);
    // The family takes the scout off the troop: the answer goes with the scout.
    await t.deps.store.query("DELETE FROM scouts WHERE id = 'kid-p1'");
    const csv = await exportCsv(t, lee.token, event);
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split(/\r?\n/).find((r) => r.includes('Kid p2')) ?? '';
    expect(row).toContain('Going');
    expect(row).not.toMatch(/waitlist/i);
    const seen = await read(event);
    expect(seen.counts).toMatchObject({ youthGoing: 1, waitlisted: 0 });
    expect(line(seen)).toEqual([]);
  });

  it('gives the last place to exactly one of two parents answering at the same moment', async () => {
    const event = await addEvent(t, lee.token, { capacity: 2 });
    await going(0, event);
    const [a, b] = await Promise.all([going(1, event), going(2, event)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const seen = await read(event);
    expect(seen.counts).toMatchObject({ youthGoing: 2, waitlisted: 1 });
    const winners = [a, b].filter(
      (r) => (r.json() as WireRsvpSummary).mine[1]?.waitlisted === false,
    );
    expect(winners).toHaveLength(1);
  });

  it('never goes past the capacity however many answer at once, and keeps one line', async () => {
    const event = await addEvent(t, lee.token, { capacity: 3 });
    const all = await Promise.all(parents.map((_, i) => going(i, event)));
    expect(all.map((r) => r.statusCode)).toEqual(parents.map(() => 200));
    const seen = await read(event);
    expect(seen.counts).toMatchObject({ youthGoing: 3, waitlisted: 5 });
    expect(
      seen.answers
        .map((a) => a.waitlistPosition)
        .filter((p) => p !== null)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
  });
});
