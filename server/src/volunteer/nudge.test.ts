/**
 * The leaders' nudge for empty slots, on both stores, delivered to a real SMTP peer: one mail to
 * each adult member holding no place on the occurrence (not the leader asking, not one who
 * turned reminders off), naming the slots with places left; at most one a day an occurrence,
 * two at once included; none when every slot has its people, none for a cancelled event.
 */
import { describe, expect, it } from 'vitest';
import { bearer, signIn, signUp } from '../../test/auth.ts';
import {
  createEvent,
  patchEvent,
  runJobs,
  to,
  troopPerTest,
  withSubject,
} from '../../test/notices.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { callVolunteer } from '../../test/volunteer.ts';

const HOUR = 3600_000;

describe.each(testStoreKinds)('volunteer nudge (%s)', (kind) => {
  const troop = troopPerTest(kind);

  const call = callVolunteer;

  it('mails the adults holding no place once a day, naming the slots with places left', async () => {
    const { t, leader, parent } = await troop();
    const quiet = await signUp(t, { email: 'quiet@troop12.org' });
    await t.deps.store.query("UPDATE memberships SET role = 'leader' WHERE user_id = ?", [
      leader.user.id,
    ]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(quiet.access_token),
      payload: { newEvents: false, changes: false, reminders: false, reminderHours: 48 },
    });
    const campout = await createEvent(t, leader.access_token, {
      event_name: 'Campout',
      event_date: '2026-06-20',
      event_time: '09:00',
    });
    const slot = async (body: object) => {
      const res = await call(t, leader.access_token, 'POST', `/events/${campout}/slots`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().slot.id as string;
    };
    const drivers = await slot({ title: 'Driver to camp', kind: 'driver', people: 3, seats: 4 });
    const dinner = await slot({ title: 'Saturday dinner', kind: 'meal', people: 1 });
    expect(
      (await call(t, parent.access_token, 'POST', `/slots/${dinner}/take`, {})).statusCode,
    ).toBe(200);
    await runJobs(t);
    const before = t.peer.received.length;

    const [a, b] = await Promise.all([
      call(t, leader.access_token, 'POST', `/events/${campout}/slots/nudge`, {}),
      call(t, leader.access_token, 'POST', `/events/${campout}/slots/nudge`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    const sent = [a, b].find((r) => r.statusCode === 200)!;
    const refused = [a, b].find((r) => r.statusCode === 429)!;
    expect(sent.json()).toEqual({
      openSlots: 1,
      placesLeft: 3,
      adults: 2,
      nextAt: new Date(t.clock.now() + 24 * HOUR).toISOString(),
    });
    expect(refused.json().code).toBe('VOLUNTEER_NUDGE_TOO_SOON');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await runJobs(t);
    expect(t.peer.received.length - before).toBe(1);
    const [mail] = withSubject(t, 'Volunteers wanted: Campout');
    expect(to(mail!)).toBe('other@troop12.org');
    expect(mail!.parsed.text).toContain('Driver to camp: 3 places left');
    expect(mail!.parsed.text).not.toContain('Saturday dinner');
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // A day later it may go again; once every slot has its people there is nothing to ask for.
    t.clock.advance(24 * HOUR);
    const session = async (email: string) => (await signIn(t, email)).json().access_token as string;
    const lee = await session('leader@troop12.org');
    for (const email of ['other@troop12.org', 'quiet@troop12.org', 'leader@troop12.org'])
      expect(
        (await call(t, await session(email), 'POST', `/slots/${drivers}/take`, {})).statusCode,
      ).toBe(200);
    const full = await call(t, lee, 'POST', `/events/${campout}/slots/nudge`, {});
    expect(full.statusCode).toBe(409);
    expect((await call(t, lee, 'POST', `/slots/${drivers}/give-back`, {})).statusCode).toBe(200);
    const again = await call(t, lee, 'POST', `/events/${campout}/slots/nudge`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ openSlots: 1, placesLeft: 1, adults: 0 });

    // Nobody is asked to help at a cancelled event.
    await patchEvent(t, lee, campout, { status: 'cancelled' });
    t.clock.advance(24 * HOUR);
    const lee2 = await session('leader@troop12.org');
    const cancelled = await call(t, lee2, 'POST', `/events/${campout}/slots/nudge`, {});
    expect(cancelled.statusCode).toBe(409);
  });
});
