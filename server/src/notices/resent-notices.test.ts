/**
 * A notice the mail server accepted from a process that died before marking its job done is sent
 * again when the lease runs out: delivery is at least once at the SMTP boundary. Both copies
 * carry the same Message-ID, so mail programs show one; different notices carry different ids.
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { addHousehold, answer } from '../../test/families.ts';
import type { ReceivedMail } from '../../test/mail.ts';
import { createEvent, patchEvent, runJobs, to, troopPerTest } from '../../test/notices.ts';
import { embeddedStore, type TestApp } from '../../test/test-app.ts';
import { completeJob, leaseDueJobs } from '../jobs/queue.ts';
import { noticeHandlers } from './handlers.ts';
import { JOB_KINDS } from './job-kinds.ts';

const JOB_MESSAGE_ID = /^<job-[0-9a-f-]{36}\.[0-9a-f]{16}@troop\.example>$/;

const messageIdOf = (m: ReceivedMail) => m.parsed.messageId ?? '';

/**
 * A process that runs the due jobs and is killed right after the mail server took each notice:
 * its fan-out jobs are done, its mail jobs stay leased and never marked done.
 */
async function processKilledAfterEachSend(t: TestApp) {
  const handlers = noticeHandlers(t.deps);
  for (;;) {
    const jobs = await leaseDueJobs(t.deps.store, {
      now: t.clock.now(),
      leaseMs: t.deps.config.jobs.leaseMs,
      workerId: 'killed',
      limit: 10,
    });
    if (jobs.length === 0) return;
    for (const job of jobs) {
      await handlers[job.kind]?.(job);
      if (job.kind !== JOB_KINDS.mail)
        await completeJob(t.deps.store, job, 'killed', t.clock.now());
    }
  }
}

describe.each(embeddedStore)('notices sent again (%s)', (kind) => {
  const troop = troopPerTest(kind);

  it('sends a notice again after its process died past the SMTP server, under the same Message-ID', async () => {
    const { t, leader } = await troop();
    await createEvent(t, leader.access_token, {
      event_name: 'Campout',
      event_date: '2026-06-25',
      event_time: '18:00',
    });
    await processKilledAfterEachSend(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await processKilledAfterEachSend(t);
    const first = await t.peer.waitFor(2);
    expect(first.map(to).sort()).toEqual(['other@troop12.org', 'parent@troop12.org']);

    // The dead process's leases hold until they run out; then another process sends again.
    await runJobs(t);
    expect(t.peer.received).toHaveLength(2);
    t.clock.advance(t.deps.config.jobs.leaseMs);
    await runJobs(t);
    const all = await t.peer.waitFor(4);
    t.clock.advance(t.deps.config.jobs.leaseMs);
    await runJobs(t);
    expect(t.peer.received).toHaveLength(4);

    const idsOf = (who: string) => all.filter((m) => to(m) === who).map(messageIdOf);
    const parent = idsOf('parent@troop12.org');
    const other = idsOf('other@troop12.org');
    expect(parent).toHaveLength(2);
    expect(parent[0]).toMatch(JOB_MESSAGE_ID);
    expect(parent[1]).toBe(parent[0]);
    expect(other).toHaveLength(2);
    expect(other[1]).toBe(other[0]);
    expect(other[0]).not.toBe(parent[0]);
  });

  it('gives every notice, new event, change and reminder, a Message-ID of its own', async () => {
    const { t, leader, parent } = await troop();
    const settings = {
      newEvents: true,
      changes: true,
      reminders: true,
      reminderHours: 48,
    };
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(parent.access_token),
      payload: settings,
    });
    expect(put.statusCode).toBe(200);
    const family = await addHousehold(t.deps.store, [parent.user.id], ['Sam']);
    // Friday 09:00 in New York: 49 hours from now, one past the parent's reminder.
    const id = await createEvent(t, leader.access_token, {
      event_name: 'Service day',
      event_date: '2026-06-12',
      event_time: '09:00',
    });
    await answer(t.deps.store, {
      eventId: id,
      attendee: `user:${parent.user.id}`,
      householdId: family.id,
      answer: 'going',
    });
    await runJobs(t);
    t.clock.advance(t.deps.config.noticeBatchMs);
    await runJobs(t);
    await patchEvent(t, leader.access_token, id, { event_time: '10:00' });
    await runJobs(t);
    t.clock.advance(2 * 3600_000);
    await runJobs(t);

    const toParent = t.peer.received.filter((m) => to(m) === 'parent@troop12.org');
    expect(toParent.map((m) => (m.parsed.subject ?? '').replace(/:.*$/, ''))).toEqual([
      'New event',
      'Changed',
      'Reminder',
    ]);
    const ids = t.peer.received.map(messageIdOf);
    for (const messageId of ids) expect(messageId).toMatch(JOB_MESSAGE_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
