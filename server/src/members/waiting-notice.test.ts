/**
 * Those who may let people in are told by mail when someone new waits for approval: one mail to
 * each approver, through a real SMTP peer, none to plain members, to the waiting person or to a
 * suspended leader, and never a second one for the same person. On each store, since the notice
 * rides on the job queue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildMailTestApp, type MailTestApp } from '../../test/auth-links.ts';
import { bearer, signIn, signUp } from '../../test/auth.ts';
import { addTroop, giveMembership, memberAction } from '../../test/members.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { queueWaitingNotice } from './waiting-notice.ts';

const to = (m: { rcptTo: string[] }) => m.rcptTo.join(',');

describe.each(testStoreKinds)('approvers told of someone waiting (%s)', (kind) => {
  let t: MailTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Runs every due job with the server's own job worker (job-worker.ts). */
  async function runJobs(app: MailTestApp) {
    while ((await app.app.jobs.runDue()) > 0);
  }

  /** An account let in by hand, as the admin CLI does, with the app role given. */
  async function member(app: MailTestApp, email: string, role: string, status = 'active') {
    const account = await signUp(app, { email, displayName: email.split('@')[0] });
    await app.deps.store.query('UPDATE users SET role = ?, status = ? WHERE id = ?', [
      role,
      status,
      account.user.id,
    ]);
    return account.user.id;
  }

  it('mails each approver once, and nobody else', async () => {
    t = await buildMailTestApp(kind, { config: { signupMode: 'approval' } });
    await member(t, 'admin@troop12.org', 'admin');
    await member(t, 'leader@troop12.org', 'leader');
    await member(t, 'parent@troop12.org', 'user');
    await member(t, 'away@troop12.org', 'leader', 'suspended');
    // The accounts above waited too, for a moment: they were let in before any mail went.
    await runJobs(t);
    expect(t.peer.received).toEqual([]);

    const newcomer = await signUp(t, {
      email: 'dana@troop12.org',
      displayName: 'Dana <b>Hill</b>',
      metadata: { troopRole: 'Parent' },
    });
    expect(newcomer.user.status).toBe('pending');
    await runJobs(t);
    const mails = await t.peer.waitFor(2);
    expect(mails.map(to).sort()).toEqual(['admin@troop12.org', 'leader@troop12.org']);
    for (const mail of mails) {
      expect(mail.parsed.subject).toBe(
        'Someone is waiting to join your troop on Scout Leadership Platform',
      );
      expect(mail.parsed.text).toContain(
        'Dana <b>Hill</b> (dana@troop12.org) signed up as Parent and is waiting for a leader',
      );
      expect(mail.parsed.text).toContain('https://troop.example/members');
      expect(mail.parsed.html).toContain('Dana &lt;b&gt;Hill&lt;/b&gt;');
      expect(mail.parsed.html).toContain('href="https://troop.example/members"');
    }

    // The same person waiting is never told twice, however often it is recorded.
    await queueWaitingNotice(t.deps.store, t.clock.now(), newcomer.user.id);
    await runJobs(t);
    await t.close();
    expect(t.peer.received.map(to).sort()).toEqual(['admin@troop12.org', 'leader@troop12.org']);
  });

  it('tells nobody of someone let in before the mail went', async () => {
    t = await buildMailTestApp(kind, { config: { signupMode: 'approval' } });
    await member(t, 'admin@troop12.org', 'admin');
    const admin = (await signIn(t, 'admin@troop12.org')).json<{ access_token: string }>();
    await runJobs(t);
    const newcomer = await signUp(t, { email: 'eli@troop12.org' });
    const approved = await memberAction(
      t,
      bearer(admin.access_token).authorization,
      newcomer.user.id,
      'approve',
    );
    expect(approved.statusCode).toBe(200);
    await runJobs(t);
    await t.close();
    expect(t.peer.received).toEqual([]);
  });

  it('tells the approvers of the troop the newcomer waits in, and nobody of another troop', async () => {
    t = await buildMailTestApp(kind, { config: { signupMode: 'approval' } });
    await addTroop(t, { id: 't45', projectId: 'troop-45', number: '45', signupMode: 'approval' });
    // Approvers of the first troop; a leader of troop 45 only.
    await member(t, 'admin@troop12.org', 'admin');
    const leader45 = await signUp(t, {
      email: 'leader@troop45.org',
      metadata: { troopNumber: '45' },
    });
    await giveMembership(t, leader45.user.id, 't45', 'leader');
    await runJobs(t);
    expect(t.peer.received).toEqual([]);

    const newcomer = await signUp(t, {
      email: 'jo@troop45.org',
      metadata: { troopNumber: '45', troopRole: 'Parent' },
    });
    expect(newcomer.user.status).toBe('pending');
    await runJobs(t);
    const mails = await t.peer.waitFor(1);
    await t.close();
    expect(mails.map(to)).toEqual(['leader@troop45.org']);
    expect(t.peer.received.map(to)).toEqual(['leader@troop45.org']);
  });
});
