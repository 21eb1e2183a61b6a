/**
 * Notices follow the event's read rule: under a roles configuration that lets members read only
 * their own events, a new event is announced only to those who may read it (here, leaders who
 * read every event), and a change only to those who still may, answered or not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildMailTestApp, type MailTestApp } from '../../test/auth-links.ts';
import { signUp } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import { createEvent, NOW, patchEvent, runJobs, to, withSubject } from '../../test/notices.ts';
import { ownEventsOnly } from '../../test/read-rules.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('notices under an owner-only read rule (%s)', (kind) => {
  let t: MailTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('mails only those who may read the event', async () => {
    // Each new event told alone, at once (NOTICE_BATCH_MS=0): this suite is about who reads it.
    t = await buildMailTestApp(kind, { config: { roles: ownEventsOnly, noticeBatchMs: 0 } });
    t.clock.set(NOW);
    const admin = await signUp(t, { email: 'admin@troop12.org' });
    const parent = await signUp(t, { email: 'parent@troop12.org' });
    const scoutmaster = await signUp(t, { email: 'scoutmaster@troop12.org' });
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = ?", [
      scoutmaster.user.id,
    ]);

    const id = await createEvent(t, admin.access_token, {
      event_name: 'Council camporee',
      event_date: '2026-06-25',
      event_time: '18:00',
    });
    await runJobs(t);
    expect(withSubject(t, 'New event: Council camporee').map(to)).toEqual([
      'scoutmaster@troop12.org',
    ]);

    // Even a household that answered (by a leader's hand) is not told of an event it cannot read.
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    await answer(t.deps.store, {
      eventId: id,
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
    await patchEvent(t, admin.access_token, id, { location: 'Lake Pavilion' });
    await runJobs(t);
    expect(withSubject(t, 'Changed: Council camporee').map(to)).toEqual([
      'scoutmaster@troop12.org',
    ]);
    expect(t.peer.received.map(to)).not.toContain('parent@troop12.org');
  });
});
