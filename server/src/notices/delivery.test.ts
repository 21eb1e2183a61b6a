import { afterEach, describe, expect, it } from 'vitest';
import { buildMailTestApp, type MailTestApp } from '../../test/auth-links.ts';
import { signUp } from '../../test/auth.ts';
import { createEvent, NOW, runJobs } from '../../test/notices.ts';
import { startFaultyPeer } from '../../test/smtp-faults.ts';
import { createSmtpMailer } from '../mail/smtp.ts';
import { embeddedStore } from '../../test/test-app.ts';

describe.each(embeddedStore)('notice delivery (%s)', (kind) => {
  let t: MailTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('retries a notice the SMTP server refused, with growing pauses, and delivers it once', async () => {
    const peer = await startFaultyPeer();
    try {
      t = await buildMailTestApp(kind, {
        deps: { mail: createSmtpMailer({ url: peer.url, from: 'Troop <no-reply@troop.example>' }) },
      });
      t.clock.set(NOW);
      const leader = await signUp(t, { email: 'leader@troop12.org' });
      await signUp(t, { email: 'parent@troop12.org' });
      peer.refuseNext(2);
      await createEvent(t, leader.access_token, {
        event_name: 'Campout',
        event_date: '2026-06-25',
        event_time: '18:00',
      });
      const base = t.deps.config.jobs.retryBaseMs;
      await runJobs(t);
      // The new event's mail goes when its batch's window closes (notices/batches.ts).
      t.clock.advance(t.deps.config.noticeBatchMs);
      await runJobs(t);
      expect(peer.refused).toBe(1);
      t.clock.advance(base - 1);
      await runJobs(t);
      expect(peer.refused).toBe(1);
      t.clock.advance(1);
      await runJobs(t);
      expect(peer.refused).toBe(2);
      // The second pause is twice the first.
      t.clock.advance(2 * base - 1);
      await runJobs(t);
      expect(peer.accepted).toHaveLength(0);
      t.clock.advance(1);
      await runJobs(t);
      expect(peer.accepted.map((m) => m.rcptTo.join(','))).toEqual(['parent@troop12.org']);
      t.clock.advance(24 * 3600_000);
      await runJobs(t);
      expect(peer.accepted).toHaveLength(1);
    } finally {
      await t?.close();
      t = undefined;
      await peer.close();
    }
  });
});
