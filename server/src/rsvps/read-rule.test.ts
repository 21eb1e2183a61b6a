/**
 * Answers follow their event's read rule: under a roles configuration that lets members read
 * only their own events, another member can neither read, answer nor export the answers of an
 * event they cannot see (404, as for one that does not exist); the owner and the leaders who
 * read every event still can. Even the news that an event's answers changed names the event, so
 * it goes only to those who read it: the troop's answers channel to those who read every
 * event, the owner's own channel to the owner.
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

  it('announces answers only on the channels of those who read the event', async () => {
    await answer(t, ann.token, event, { attendee: 'user:ann', answer: 'going' });
    const heard = (token: string, channel: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/realtime/${t.deps.config.projectId}/messages?channel=${channel}&start=-&end=%2B`,
        headers: { authorization: `Bearer ${token}` },
      });
    const events = async (token: string, channel: string) => {
      const res = await heard(token, channel);
      expect(res.statusCode).toBe(200);
      return (res.json().messages as Array<{ data: { eventId: string } }>).map(
        (m) => m.data.eventId,
      );
    };
    expect(await events(lee.token, 'rsvps')).toEqual([event]);
    expect(await events(ann.token, 'rsvps:ann')).toEqual([event]);
    expect(await events(bob.token, 'rsvps:bob')).toEqual([]);
    for (const channel of ['rsvps', 'rsvps:ann']) {
      const refused = await heard(bob.token, channel);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain(event);
    }
  });
});
