/**
 * Signing up mails nothing: the verification mail goes out only when the member asks for it (the
 * banner's Resend, or a spent link's "Send a new verification email"). A member who dismisses the
 * banner gets no mail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedStore } from '../../test/test-app.ts';
import { buildMailTestApp, linkIn, post, type MailTestApp } from '../../test/auth-links.ts';
import { signUp } from '../../test/auth.ts';

describe.each(embeddedStore)('sign-up and mail (%s)', (kind) => {
  let t: MailTestApp;
  afterEach(async () => t?.close());

  it('mails nothing on sign-up, with or without profile fields', async () => {
    t = await buildMailTestApp(kind);
    await signUp(t);
    await signUp(t, {
      displayName: 'Harper Cole',
      metadata: { firstName: 'Harper', lastName: 'Cole', troopNumber: '214' },
    });
    // Whatever the sign-up left to do in the background or as a job has had its turn.
    await t.app.jobs.runDue();
    await t.close();
    expect(t.peer.received).toEqual([]);
  });

  it('mails the verification link once the member asks, and only to them', async () => {
    t = await buildMailTestApp(kind);
    const quiet = await signUp(t);
    const asking = await signUp(t);
    const res = await post(t, '/email/verify/send', {}, asking.access_token);
    expect(res.statusCode).toBe(200);
    const [mail] = await t.peer.waitFor(1);
    expect(new URL(linkIn(mail)).searchParams.get('type')).toBe('verify');
    await t.app.jobs.runDue();
    await t.close();
    expect(t.peer.received.map((m) => m.rcptTo)).toEqual([[asking.user.email]]);
    expect(t.peer.received.flatMap((m) => m.rcptTo)).not.toContain(quiet.user.email);
  });
});
