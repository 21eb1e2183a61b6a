/**
 * A change notice goes to everyone who may read the event, whether their household answered or
 * not (a family that planned on the meeting without answering needs to know it moved), never to
 * one the `calendar_events` read rule keeps from it, nor to one who turned change notices off,
 * nor to the event's maker. A correction to an event that is over mails nobody.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildMailTestApp, type MailTestApp } from '../../test/auth-links.ts';
import { bearer, signUp } from '../../test/auth.ts';
import { addHousehold } from '../../test/families.ts';
import { createEvent, NOW, patchEvent, runJobs, to, withSubject } from '../../test/notices.ts';
import { ownEventsOnly } from '../../test/read-rules.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('change notices reach every reader (%s)', (kind) => {
  let t: MailTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('mails a household that never answered, and no one the read rule keeps from the event', async () => {
    // Members read only their own events; leaders read every event.
    t = await buildMailTestApp(kind, { config: { roles: ownEventsOnly, noticeBatchMs: 0 } });
    t.clock.set(NOW);
    const admin = await signUp(t, { email: 'admin@troop12.org' });
    const scoutmaster = await signUp(t, { email: 'scoutmaster@troop12.org' });
    const parent = await signUp(t, { email: 'parent@troop12.org' });
    const quiet = await signUp(t, { email: 'quiet@troop12.org' });
    for (const u of [scoutmaster, quiet])
      await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = ?", [u.user.id]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(quiet.access_token),
      payload: { newEvents: true, changes: false, reminders: true, reminderHours: 24 },
    });
    expect(saved.statusCode).toBe(200);
    // Two households, neither of which answers: one reads the event, one may not.
    await addHousehold(t.deps.store, [scoutmaster.user.id], ['Sam']);
    await addHousehold(t.deps.store, [parent.user.id], ['Alex']);

    const id = await createEvent(t, admin.access_token, {
      event_name: 'Council camporee',
      event_date: '2026-06-25',
      event_time: '18:00',
    });
    await runJobs(t);
    await patchEvent(t, admin.access_token, id, { event_date: '2026-06-26' });
    await runJobs(t);
    expect(withSubject(t, 'Changed: Council camporee').map(to)).toEqual([
      'scoutmaster@troop12.org',
    ]);

    // Fixing a detail of an event that is over tells nobody.
    const past = await createEvent(t, admin.access_token, {
      event_name: 'Spring hike',
      event_date: '2026-05-02',
      event_time: '09:00',
    });
    await runJobs(t);
    await patchEvent(t, admin.access_token, past, { location: 'Bear Mountain' });
    await runJobs(t);
    expect(withSubject(t, 'Changed: Spring hike')).toEqual([]);
  });
});
