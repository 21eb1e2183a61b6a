/**
 * Answers follow their event's read rule: under a roles configuration that lets members read
 * only their own events, another member can neither read, answer nor export the answers of an
 * event they cannot see (404, as for one that does not exist); the owner and the leaders who
 * read every event still can.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, type TestMember } from '../../test/rest.ts';
import {
  addEvent,
  addHousehold,
  answer,
  exportCsv,
  readRsvps,
  storedAnswers,
} from '../../test/rsvps.ts';
import { ownEventsOnly } from '../../test/read-rules.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

describe.each(testStoreKinds)('RSVPs under an owner-only read rule (%s)', (kind) => {
  let t: TestApp;
  let ann: TestMember;
  let bob: TestMember;
  let lee: TestMember;
  let event: string;

  beforeEach(async () => {
    t = await buildTestApp({ store: kind, config: { roles: ownEventsOnly } });
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    lee = await addMember(t, 'lee', 'leader');
    await addHousehold(t, 'able', ['ann']);
    await addHousehold(t, 'baker', ['bob'], [{ id: 'ben', first: 'Ben', last: 'Baker' }]);
    event = await addEvent(t, ann.token);
  });
  afterEach(async () => t?.close());

  it("keeps another member's event's answers from them as if it did not exist", async () => {
    expect(
      (await answer(t, ann.token, event, { attendee: 'user:ann', answer: 'going' })).statusCode,
    ).toBe(200);

    const read = await readRsvps(t, bob.token, event);
    expect(read.statusCode).toBe(404);
    expect(read.json().code).toBe('NOT_FOUND');
    expect(read.body).not.toContain('ann');
    const missing = await readRsvps(t, bob.token, 'no-such-event');
    expect(read.json()).toEqual(missing.json());

    const put = await answer(t, bob.token, event, { attendee: 'scout:ben', answer: 'going' });
    expect(put.statusCode).toBe(404);
    expect(await storedAnswers(t)).toBe(1);
  });

  it('lets the owner and a leader who reads every event see the answers, and the leader export them', async () => {
    await answer(t, ann.token, event, { attendee: 'user:ann', answer: 'going' });
    expect((await readRsvps(t, ann.token, event)).json().counts.adultsGoing).toBe(1);
    expect((await readRsvps(t, lee.token, event)).json().counts.adultsGoing).toBe(1);
    const csv = await exportCsv(t, lee.token, event);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Going');
  });
});
