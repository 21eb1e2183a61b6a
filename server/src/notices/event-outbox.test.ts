/**
 * The notice of a calendar write is scheduled in the write's own transaction
 * (notices/event-outbox.ts): an event whose notice cannot be stored is not saved either, and
 * families hear of an event as it stands when the notice goes out.
 */
import { describe, expect, it } from 'vitest';
import type { MailTestApp } from '../../test/auth-links.ts';
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
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('event notice outbox (%s)', (kind) => {
  const troop = troopPerTest(kind);

  const eventsNamed = async (app: MailTestApp, name: string) =>
    (await app.deps.store.query('SELECT id FROM calendar_events WHERE event_name = ?', [name])).rows
      .length;

  it('saves no event whose notice cannot be scheduled, and leaves the calendar usable', async () => {
    const { t, leader } = await troop();
    const store = t.deps.store;
    // The jobs table refuses new rows, as a full disk or a broken database would.
    if (store.dialect === 'sqlite') {
      await store.query(
        `CREATE TRIGGER refuse_jobs BEFORE INSERT ON jobs BEGIN SELECT RAISE(ABORT, 'no room'); END`,
      );
    } else {
      await store.query(
        `CREATE FUNCTION refuse_jobs() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'no room'; END $$ LANGUAGE plpgsql`,
      );
      await store.query(
        'CREATE TRIGGER refuse_jobs BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_jobs()',
      );
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events`,
      headers: bearer(leader.access_token),
      payload: { event_name: 'Lost campout', event_date: '2026-06-25', event_time: '18:00' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(await eventsNamed(t, 'Lost campout')).toBe(0);

    await store.query(
      'DROP TRIGGER refuse_jobs' + (store.dialect === 'postgres' ? ' ON jobs' : ''),
    );
    await createEvent(t, leader.access_token, {
      event_name: 'Campout',
      event_date: '2026-06-25',
      event_time: '18:00',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(withSubject(t, 'New event: Campout')).toHaveLength(2);
    expect(withSubject(t, 'New event: Lost campout')).toHaveLength(0);
  });

  it('tells of an event changed before its notice went out as it stands, and those who answered what changed', async () => {
    const { t, leader, parent } = await troop();
    const id = await createEvent(t, leader.access_token, {
      event_name: 'Hike',
      event_date: '2026-06-25',
      event_time: '09:00',
      location: 'Trailhead',
    });
    // The parent saw the hike at once and answered for their scout, before any notice went out.
    const household = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    await answer(t.deps.store, {
      eventId: id,
      attendee: `scout:${household.scoutIds[0]}`,
      householdId: household.id,
      answer: 'going',
    });
    await patchEvent(t, leader.access_token, id, {
      event_time: '10:30',
      location: 'Visitor Center',
    });
    await runJobs(t);
    // The new event goes out when its batch closes (batches.ts), as it then stands.
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);

    const news = withSubject(t, 'New event: Hike');
    expect(news.map(to).sort()).toEqual(['other@troop12.org', 'parent@troop12.org']);
    expect(news[0]?.parsed.text).toContain('When: Thursday, June 25, 2026 at 10:30 AM');
    expect(news[0]?.parsed.text).toContain('Where: Visitor Center');
    const changes = withSubject(t, 'Changed: Hike');
    expect(changes.map(to)).toEqual(['parent@troop12.org']);
    expect(changes[0]?.parsed.text).toContain('Where: was Trailhead, now Visitor Center');
    expect(t.peer.received).toHaveLength(3);

    // Told once: running the jobs again sends nothing more.
    await patchEvent(t, leader.access_token, id, { event_name: 'Hike' });
    await runJobs(t);
    expect(t.peer.received).toHaveLength(3);
  });
});
