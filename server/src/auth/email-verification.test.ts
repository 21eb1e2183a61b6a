import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { tokenOf } from '../../test/mail.ts';
import { embeddedStore } from '../../test/test-app.ts';
import { buildMailTestApp, linkIn, post, type MailTestApp } from '../../test/auth-links.ts';
import { me, signIn, signUp } from '../../test/auth.ts';
import { oneServiceKey } from '../../test/service-keys.ts';

const HOUR = 3600_000;

describe.each(embeddedStore)('email verification (%s)', (kind) => {
  let t: MailTestApp;
  afterEach(async () => t?.close());

  it('mails the signed-in user a link to their own address that verifies it', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    expect(account.user.emailVerified).toBe(false);
    // An address in the body is ignored: the link goes to the account's own address.
    const res = await post(
      t,
      '/email/verify/send',
      { email: 'someone-else@troop12.org' },
      account.access_token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [mail] = await t.peer.waitFor(1);
    expect(mail?.rcptTo).toEqual([account.user.email]);
    expect(mail?.parsed.subject).toContain(PRODUCT_NAME);
    expect(mail?.parsed.text).toContain('24 hours');
    const link = new URL(linkIn(mail));
    expect(link.searchParams.get('type')).toBe('verify');

    const verified = await post(t, '/email/verify', { token: tokenOf(link.toString()) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true });
    expect((await me(t, account.access_token)).json()).toMatchObject({
      user: { emailVerified: true },
    });
    const again = await post(t, '/email/verify', { token: tokenOf(link.toString()) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_FAILED' });
  });

  it('with REQUIRE_EMAIL_VERIFICATION, sign-in works once the address is verified', async () => {
    t = await buildMailTestApp(kind, { config: { requireEmailVerification: true } });
    const account = await signUp(t);
    expect((await signIn(t, account.user.email)).json()).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
    });
    await post(t, '/email/verify/send', {}, account.access_token);
    const link = linkIn((await t.peer.waitFor(1))[0]);
    expect((await post(t, '/email/verify', { token: tokenOf(link) })).statusCode).toBe(200);
    expect((await signIn(t, account.user.email)).statusCode).toBe(200);
  });

  it('a link works for 24 hours and not after', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    await post(t, '/email/verify/send', {}, account.access_token);
    const link = linkIn((await t.peer.waitFor(1))[0]);
    t.clock.advance(24 * HOUR + 1000);
    const late = await post(t, '/email/verify', { token: tokenOf(link) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'VERIFICATION_FAILED',
      error: 'This link has expired. Please request a new one.',
    });
    expect(
      (
        await me(
          t,
          (await signIn(t, account.user.email)).json<{ access_token: string }>().access_token,
        )
      ).json(),
    ).toMatchObject({
      user: { emailVerified: false },
    });
  });

  it('needs a signed-in user: anonymous 401, a service key 403', async () => {
    t = await buildMailTestApp(kind, {
      deps: { serviceKeys: oneServiceKey('sk_test', 'k1') },
    });
    const anonymous = await post(t, '/email/verify/send');
    expect(anonymous.statusCode).toBe(401);
    expect((await post(t, '/email/verify/send', {}, 'sk_test')).statusCode).toBe(403);
  });

  it('mails at most once a minute, and nothing once the address is verified', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    expect((await post(t, '/email/verify/send', {}, account.access_token)).statusCode).toBe(200);
    const soon = await post(t, '/email/verify/send', {}, account.access_token);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const link = linkIn((await t.peer.waitFor(1))[0]);
    await post(t, '/email/verify', { token: tokenOf(link) });
    t.clock.advance(60_000);
    expect((await post(t, '/email/verify/send', {}, account.access_token)).statusCode).toBe(200);
    await t.close();
    expect(t.peer.received).toHaveLength(1);
  });
});
