/**
 * Notices of two troops on one server (docs/decisions/065-troops.md): the jobs of a troop's
 * events carry the troop, run for it alone, batch its new events on their own, and mail its own
 * members under its name; the first troop, unnamed, mails as it always did.
 */
import { describe, expect, it } from 'vitest';
import { addTroop, joinTroop, troopEvent } from '../../test/calendar.ts';
import { bearer } from '../../test/auth.ts';
import { createEvent, runJobs, to, troopPerTest, withSubject } from '../../test/notices.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { scheduleReminders } from './reminder-scan.ts';

const B = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45 Riverside' };

describe.each(testStoreKinds)('notices of two troops (%s)', (kind) => {
  const troop = troopPerTest(kind);

  async function twoTroops() {
    const made = await troop();
    const { t } = made;
    await addTroop(t, B);
    const ids = await t.deps.store.query<{ id: string; email: string }>(
      'SELECT id, email FROM users',
    );
    const idOf = (email: string) => ids.rows.find((r) => r.email === email)!.id;
    // The leader and the parent are members of both troops.
    await joinTroop(t, idOf('leader@troop12.org'), B.id, 'admin');
    await joinTroop(t, idOf('parent@troop12.org'), B.id, 'user');
    // The other member has asked to join B and waits: B tells them nothing yet.
    await t.deps.store.query(
      `INSERT INTO memberships (user_id, troop_id, role, status, joined_at)
       VALUES (?, ?, 'user', 'pending', ?)`,
      [idOf('other@troop12.org'), B.id, new Date(t.clock.now()).toISOString()],
    );
    return { ...made, idOf };
  }

  const jobsOf = async (t: { deps: { store: import('../store/store.ts').Store } }, kind: string) =>
    (
      await t.deps.store.query<{ dedupe_key: string | null; troop_id: string | null }>(
        'SELECT dedupe_key, troop_id FROM jobs WHERE kind = ? ORDER BY troop_id, dedupe_key',
        [kind],
      )
    ).rows;

  it("gives each event's jobs its troop, batches each troop's new events apart, and mails each troop's own members under its name", async () => {
    const { t, leader, idOf } = await twoTroops();
    await createEvent(t, leader.access_token, {
      event_name: 'A hike',
      event_date: '2026-07-01',
      event_time: '09:00',
    });
    await troopEvent(t, B.id, {
      id: 'b-campout',
      user_id: idOf('leader@troop12.org'),
      event_name: 'B campout',
      event_date: '2026-07-02',
    });
    expect(await jobsOf(t, 'event-created')).toEqual([
      { dedupe_key: expect.stringMatching(/^event-created:/), troop_id: 'troop-1' },
      { dedupe_key: 'event-created:b-campout', troop_id: B.id },
    ]);
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs + 1);
    await runJobs(t);
    const batches = await jobsOf(t, 'new-events-batch');
    expect(batches).toEqual([
      { dedupe_key: expect.stringMatching(/^new-events:\d+$/), troop_id: 'troop-1' },
      { dedupe_key: expect.stringMatching(/^troop-b\/new-events:\d+$/), troop_id: B.id },
    ]);
    const ofB = withSubject(t, 'Troop 45 Riverside: New event: B campout');
    expect(ofB.map(to)).toEqual(['parent@troop12.org']);
    const ofA = withSubject(t, 'New event: A hike');
    expect(ofA.map(to).sort()).toEqual(['other@troop12.org', 'parent@troop12.org']);
    // B's mail links to B's own address.
    expect(ofB[0]!.parsed.text).toContain(`/api/notifications/${B.projectId}/unsubscribe`);
  });

  it("tells a change of a troop's event to that troop's members only, from a job of that troop", async () => {
    const { t, idOf } = await twoTroops();
    await troopEvent(t, B.id, {
      id: 'b-campout',
      user_id: idOf('leader@troop12.org'),
      event_name: 'B campout',
      event_date: '2026-07-02',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs + 1);
    await runJobs(t);
    await t.deps.store.query(
      "UPDATE calendar_events SET location = 'Lake Camp', sequence = 1, updated_at = ? WHERE id = 'b-campout'",
      [new Date(t.clock.now()).toISOString()],
    );
    expect((await jobsOf(t, 'event-changed')).map((j) => j.troop_id)).toEqual([B.id]);
    await runJobs(t);
    const changed = withSubject(t, 'Troop 45 Riverside: Changed: B campout');
    expect(changed.map(to)).toEqual(['parent@troop12.org']);
    await t.deps.store.query("DELETE FROM calendar_events WHERE id = 'b-campout'");
    expect((await jobsOf(t, 'event-removed')).map((j) => j.troop_id)).toEqual([B.id]);
  });

  it("runs a job of troop B for B alone: B's event id in a job of the first troop finds nothing", async () => {
    const { t, idOf } = await twoTroops();
    await troopEvent(t, B.id, {
      id: 'b-campout',
      user_id: idOf('leader@troop12.org'),
      event_name: 'B campout',
      event_date: '2026-07-02',
    });
    // The job of B's event, claimed for the first troop, reads the first troop's rows only.
    await t.deps.store.query(
      "UPDATE jobs SET troop_id = 'troop-1' WHERE dedupe_key = 'event-created:b-campout'",
    );
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs + 1);
    await runJobs(t);
    expect(t.peer.received.filter((m) => (m.parsed.subject ?? '').includes('B campout'))).toEqual(
      [],
    );
    expect((await t.deps.store.query('SELECT * FROM notice_batch_events')).rows).toEqual([]);
  });

  it("gathers a member's digest from every troop they are in, grouped by troop and named", async () => {
    const { t, leader, parent, idOf } = await twoTroops();
    const daily = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(parent.access_token),
      payload: {
        newEvents: true,
        newEventsDigest: 'daily',
        changes: true,
        reminders: true,
        reminderHours: 48,
      },
    });
    expect(daily.statusCode, daily.body).toBe(200);
    await createEvent(t, leader.access_token, {
      event_name: 'A hike',
      event_date: '2026-07-01',
      event_time: '09:00',
    });
    await troopEvent(t, B.id, {
      id: 'b-campout',
      user_id: idOf('leader@troop12.org'),
      event_name: 'B campout',
      event_date: '2026-07-02',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs + 1);
    await runJobs(t);
    // 18:00 in the server's zone that day is past by 22:00 UTC.
    t.clock.set(Date.UTC(2026, 5, 10, 23));
    await runJobs(t);
    const digests = withSubject(t, "New events: 2 on your troops' calendars");
    expect(digests.map(to)).toEqual(['parent@troop12.org']);
    const text = digests[0]!.parsed.text ?? '';
    expect(text).toContain('Troop 45 Riverside:');
    expect(text.indexOf('B campout')).toBeGreaterThan(text.indexOf('Troop 45 Riverside:'));
    expect(text).toContain('A hike');
  });

  it("schedules a troop's reminders for its own households, as jobs of the troop", async () => {
    const { t, idOf } = await twoTroops();
    const at = new Date(t.clock.now()).toISOString();
    const household = async (id: string, troopId: string, email: string) => {
      await t.deps.store.query(
        'INSERT INTO households (id, name, created_by, created_at, troop_id) VALUES (?, ?, ?, ?, ?)',
        [id, id, idOf(email), at, troopId],
      );
      await t.deps.store.query(
        'INSERT INTO household_adults (household_id, user_id, joined_at, troop_id) VALUES (?, ?, ?, ?)',
        [id, idOf(email), at, troopId],
      );
    };
    await household('fam-a', 'troop-1', 'parent@troop12.org');
    await household('fam-b', B.id, 'parent@troop12.org');
    // Eight hours from now: inside every reminder setting.
    await troopEvent(t, B.id, {
      id: 'b-campout',
      user_id: idOf('leader@troop12.org'),
      event_name: 'B campout',
      event_date: '2026-06-10',
      event_time: '16:00',
    });
    await scheduleReminders(t.deps);
    const reminders = await t.deps.store.query<{ dedupe_key: string; troop_id: string }>(
      "SELECT dedupe_key, troop_id FROM jobs WHERE kind = 'reminder' ORDER BY dedupe_key",
    );
    expect(reminders.rows).toEqual([
      { dedupe_key: 'reminder:b-campout::household:fam-b', troop_id: B.id },
      { dedupe_key: `reminder:b-campout::user:${idOf('leader@troop12.org')}`, troop_id: B.id },
    ]);
  });
});
