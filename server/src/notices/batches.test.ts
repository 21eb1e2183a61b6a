/**
 * New-event notices in batches (docs/decisions/064-notice-batches.md): the events of one window
 * go out as one mail per member when it closes, and members on a daily or weekly digest get
 * them in that digest instead.
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { runJobs, to, troopPerTest, withSubject } from '../../test/notices.ts';
import { testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { isoDay } from '@scout/protocol/wall-clock';
import { digestFor } from './digest-schedule.ts';

const MINUTE = 60_000;

async function createEvents(t: TestApp, token: string, rows: Record<string, unknown>[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events`,
    headers: bearer(token),
    payload: rows,
  });
  expect(res.statusCode, res.body).toBe(201);
}

const term = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    event_name: `Meeting ${i + 1}`,
    event_date: isoDay(Date.UTC(2026, 6, 1) + i * 86_400_000),
    event_time: '19:00',
  }));

async function chooseDigest(t: TestApp, token: string, newEventsDigest: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/notifications/${t.deps.config.projectId}/settings`,
    headers: bearer(token),
    payload: {
      newEvents: true,
      newEventsDigest,
      changes: true,
      reminders: true,
      reminderHours: 48,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().settings.newEventsDigest).toBe(newEventsDigest);
}

describe.each(testStoreKinds)('new events in batches (%s)', (kind) => {
  const troop = troopPerTest(kind);

  // 300 events' notice jobs: about 3 s alone, and ten times that on PostgreSQL on a machine busy
  // with the browser journeys beside this suite.
  it('sends a term of 300 events entered in one sitting as one mail per member when the window closes', async () => {
    const { t, leader } = await troop();
    const window = t.deps.config.noticeBatchMs;
    for (let i = 0; i < 3; i++) {
      await createEvents(t, leader.access_token, term(300).slice(i * 100, (i + 1) * 100));
      await runJobs(t);
      t.clock.advance(MINUTE);
    }
    await runJobs(t);
    expect(t.peer.received).toHaveLength(0);

    t.clock.advance(window);
    await runJobs(t);
    const mails = withSubject(t, 'New events: 300 on the troop calendar');
    expect(mails.map(to).sort()).toEqual(['other@troop12.org', 'parent@troop12.org']);
    expect(t.peer.received).toHaveLength(2);
    const text = mails[0]!.parsed.text ?? '';
    expect(text).toContain('Meeting 1: Wednesday, July 1, 2026 at 7:00 PM');
    expect(text).toContain('And 200 more: see them all in the calendar.');
  }, 120_000);

  it('tells one event of a window with the single event mail', async () => {
    const { t, leader } = await troop();
    await createEvents(t, leader.access_token, [
      { event_name: 'Campout', event_date: '2026-06-25', event_time: '18:00' },
    ]);
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(withSubject(t, 'New event: Campout').map(to).sort()).toEqual([
      'other@troop12.org',
      'parent@troop12.org',
    ]);
  });

  it("tells an event once, in the batch it joined, when its job runs again after a process died before scheduling the batch's mail", async () => {
    const { t, leader } = await troop();
    const store = t.deps.store;
    await createEvents(t, leader.access_token, [
      { event_name: 'Campout', event_date: '2026-06-25', event_time: '18:00' },
    ]);
    await runJobs(t);
    // The event joined its batch, and the process died before the batch's job was written and
    // before the event's job was marked done: its lease runs out in the next window.
    await store.query("DELETE FROM jobs WHERE kind = 'new-events-batch'");
    await store.query(
      "UPDATE jobs SET done_at = NULL, lease_until = NULL WHERE kind = 'event-created'",
    );
    t.clock.advance(t.deps.config.noticeBatchMs + MINUTE);
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(withSubject(t, 'New event').map(to).sort()).toEqual([
      'other@troop12.org',
      'parent@troop12.org',
    ]);
  });

  it('gathers the batches of the day in one daily digest at 18:00 troop time for a member who chose it', async () => {
    const { t, leader, parent } = await troop();
    await chooseDigest(t, parent.access_token, 'daily');
    await createEvents(t, leader.access_token, term(2));
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(t.peer.received.map(to)).toEqual(['other@troop12.org']);

    // Another sitting later the same day joins the same digest.
    t.clock.advance(t.deps.config.noticeBatchMs);
    await createEvents(t, leader.access_token, [
      { event_name: 'Campout', event_date: '2026-06-25', event_time: '18:00' },
    ]);
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    expect(t.peer.received.filter((m) => to(m) === 'parent@troop12.org')).toHaveLength(0);

    // 18:00 in New York on 10 June 2026 is 22:00 UTC.
    t.clock.set(Date.UTC(2026, 5, 10, 22));
    await runJobs(t);
    const digests = t.peer.received.filter((m) => to(m) === 'parent@troop12.org');
    expect(digests.map((m) => m.parsed.subject)).toEqual(['New events: 3 on the troop calendar']);
    t.clock.advance(24 * 3600_000);
    await runJobs(t);
    expect(t.peer.received.filter((m) => to(m) === 'parent@troop12.org')).toHaveLength(1);
  });

  it("gathers the week's batches in one weekly digest on Sunday at 18:00 troop time for a member who chose it", async () => {
    const { t, leader, parent } = await troop();
    await chooseDigest(t, parent.access_token, 'weekly');
    const toParent = () =>
      t.peer.received.filter((m) => to(m) === 'parent@troop12.org').map((m) => m.parsed.subject);
    const sitting = async (rows: Record<string, unknown>[]) => {
      await createEvents(t, leader.access_token, rows);
      await runJobs(t);
      t.clock.advance(t.deps.config.noticeBatchMs);
      await runJobs(t);
    };

    // Wednesday 10 June 2026: two sittings; the evening's daily hour sends the weekly member
    // nothing.
    await sitting(term(2));
    expect(t.peer.received.map(to)).toEqual(['other@troop12.org']);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await sitting([{ event_name: 'Campout', event_date: '2026-06-25', event_time: '18:00' }]);
    t.clock.set(Date.UTC(2026, 5, 10, 22));
    await runJobs(t);
    expect(toParent()).toEqual([]);

    // 18:00 in New York on Sunday 14 June 2026 is 22:00 UTC: one mail with the week's three.
    t.clock.set(Date.UTC(2026, 5, 14, 22));
    await runJobs(t);
    expect(toParent()).toEqual(['New events: 3 on the troop calendar']);
    t.clock.advance(7 * 24 * 3600_000);
    await runJobs(t);
    expect(toParent()).toHaveLength(1);
  });

  it('sends nothing twice when a member changes how they take new events during the day', async () => {
    const { t, leader, parent } = await troop();
    const sitting = async (name: string) => {
      await createEvents(t, leader.access_token, [
        { event_name: name, event_date: '2026-06-25', event_time: '18:00' },
      ]);
      await runJobs(t);
      t.clock.advance(t.deps.config.noticeBatchMs);
      await runJobs(t);
    };
    const toParent = () =>
      t.peer.received.filter((m) => to(m) === 'parent@troop12.org').map((m) => m.parsed.subject);

    // One mail per batch in the morning; then a daily digest, which has only what came after.
    await sitting('Hike');
    expect(toParent()).toEqual(['New event: Hike']);
    await chooseDigest(t, parent.access_token, 'daily');
    await sitting('Campout');
    // And back again: the digest due tonight keeps what it gathered, the rest goes at once.
    await chooseDigest(t, parent.access_token, 'immediate');
    await sitting('Car wash');
    expect(toParent()).toEqual(['New event: Hike', 'New event: Car wash']);
    t.clock.set(Date.UTC(2026, 5, 10, 22));
    await runJobs(t);
    expect(toParent()).toEqual(['New event: Hike', 'New event: Car wash', 'New event: Campout']);
  });
});

describe('when digests go out', () => {
  const ny = 'America/New_York';
  it('daily at 18:00 troop time, gathering the batches since the day before', () => {
    const at = digestFor(ny, 'daily', Date.UTC(2026, 5, 10, 12));
    expect(at).toEqual({ due: Date.UTC(2026, 5, 10, 22), since: Date.UTC(2026, 5, 9, 22) });
    // A batch closing after 18:00 waits for the next day's.
    expect(digestFor(ny, 'daily', Date.UTC(2026, 5, 10, 23)).due).toBe(Date.UTC(2026, 5, 11, 22));
  });

  it('weekly on Sunday at 18:00 troop time, gathering the week before', () => {
    // Wednesday 10 June 2026: the next Sunday is 14 June.
    expect(digestFor(ny, 'weekly', Date.UTC(2026, 5, 10, 12))).toEqual({
      due: Date.UTC(2026, 5, 14, 22),
      since: Date.UTC(2026, 5, 7, 22),
    });
  });
});
