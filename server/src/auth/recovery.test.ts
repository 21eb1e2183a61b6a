import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { tokenOf } from '../../test/mail.ts';
import { embeddedStore } from '../../test/test-app.ts';
import { buildMailTestApp, linkIn, post, type MailTestApp } from '../../test/auth-links.ts';
import { me, PASSWORD, refresh, signIn, signUp } from '../../test/auth.ts';
import { oneServiceKey } from '../../test/service-keys.ts';

const NEW_PASSWORD = 'a brand new passphrase';
const MINUTE = 60_000;

describe.each(embeddedStore)('password reset (%s)', (kind) => {
  let t: MailTestApp;
  afterEach(async () => t?.close());

  async function mailedResetLink(email: string, extra: Record<string, unknown> = {}) {
    const before = t.peer.received.length;
    const res = await post(t, '/password/reset', { email, ...extra });
    expect(res.statusCode).toBe(200);
    const mails = await t.peer.waitFor(before + 1);
    return { mail: mails[before], link: linkIn(mails[before]) };
  }

  it('mails a working link; the new password works, the old one and every session end', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t, { displayName: 'Pat Parent' });
    const other = (await signIn(t, account.user.email)).json<SessionResponse>();

    const res = await post(t, '/password/reset', { email: account.user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const [mail] = await t.peer.waitFor(1);
    expect(mail?.rcptTo).toEqual([account.user.email]);
    expect(mail?.parsed.subject).toContain(PRODUCT_NAME);
    expect(mail?.parsed.text).toContain(PRODUCT_NAME);
    expect(mail?.parsed.html).toContain(PRODUCT_NAME);
    expect(mail?.parsed.text).toContain('Hi Pat Parent,');
    const link = new URL(linkIn(mail));
    expect(link.origin).toBe('https://troop.example');
    expect([...link.searchParams.keys()].sort()).toEqual(['projectId', 'token', 'type']);
    expect(link.searchParams.get('type')).toBe('reset');
    expect(link.searchParams.get('projectId')).toBe(t.deps.config.projectId);
    expect(link.toString()).not.toContain(account.access_token);
    expect(link.toString()).not.toContain(account.refresh_token);

    const confirm = await post(t, '/password/reset/confirm', {
      token: tokenOf(link.toString()),
      password: NEW_PASSWORD,
    });
    expect(confirm.statusCode).toBe(200);
    // The one who set the password is signed in by the answer, as a sign-in answers.
    const signedIn = confirm.json<SessionResponse & { success: boolean }>();
    expect(signedIn).toMatchObject({
      success: true,
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(signedIn.user).toMatchObject({
      id: account.user.id,
      email: account.user.email,
      emailVerified: true,
    });
    expect((await me(t, signedIn.access_token)).statusCode).toBe(200);
    expect((await refresh(t, signedIn.refresh_token)).statusCode).toBe(200);

    expect((await signIn(t, account.user.email, PASSWORD)).statusCode).toBe(401);
    const fresh = await signIn(t, account.user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    // Opening the mailed link proved the address.
    expect(fresh.json<SessionResponse>().user.emailVerified).toBe(true);
    expect((await refresh(t, account.refresh_token)).statusCode).toBe(401);
    expect((await refresh(t, other.refresh_token)).statusCode).toBe(401);
  });

  it('answers an unknown address exactly like a known one, and mails nothing to it', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    const unknown = await post(t, '/password/reset', { email: 'nobody@troop12.org' });
    const known = await post(t, '/password/reset', { email: account.user.email });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await t.peer.waitFor(1);
    await t.close();
    expect(t.peer.received.map((m) => m.rcptTo)).toEqual([[account.user.email]]);
  });

  it('a link works once', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    const { link } = await mailedResetLink(account.user.email);
    expect(
      (await post(t, '/password/reset/confirm', { token: tokenOf(link), password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const again = await post(t, '/password/reset/confirm', {
      token: tokenOf(link),
      password: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_FAILED' });
    expect((await signIn(t, account.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a link works for 60 minutes and not after', async () => {
    t = await buildMailTestApp(kind);
    const a = await signUp(t);
    const b = await signUp(t);
    const first = await mailedResetLink(a.user.email);
    const second = await mailedResetLink(b.user.email);
    t.clock.advance(59 * MINUTE);
    expect(
      (
        await post(t, '/password/reset/confirm', {
          token: tokenOf(first.link),
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    t.clock.advance(MINUTE + 1000);
    const late = await post(t, '/password/reset/confirm', {
      token: tokenOf(second.link),
      password: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'VERIFICATION_FAILED',
      error: 'This link has expired. Please request a new one.',
    });
    expect((await signIn(t, b.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a weak password without spending the link', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    const { link } = await mailedResetLink(account.user.email);
    const weak = await post(t, '/password/reset/confirm', {
      token: tokenOf(link),
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect(
      (await post(t, '/password/reset/confirm', { token: tokenOf(link), password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    ['an unknown token', { token: 'x'.repeat(43) }],
    ['no token', {}],
    ['a token that is not a string', { token: 12345 }],
    ['an absurdly long token', { token: 'x'.repeat(5000) }],
  ])('answers %s with 400 VERIFICATION_FAILED', async (_name, body) => {
    t = await buildMailTestApp(kind);
    const res = await post(t, '/password/reset/confirm', { ...body, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VERIFICATION_FAILED' });
  });

  it('a newer link replaces the older one', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    const older = await mailedResetLink(account.user.email);
    t.clock.advance(MINUTE);
    const newer = await mailedResetLink(account.user.email);
    expect(
      (
        await post(t, '/password/reset/confirm', {
          token: tokenOf(older.link),
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(t, '/password/reset/confirm', {
          token: tokenOf(newer.link),
          password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('mails an address at most once a minute and five times an hour, known or not', async () => {
    t = await buildMailTestApp(kind);
    const account = await signUp(t);
    for (const email of [account.user.email, 'nobody@troop12.org']) {
      expect((await post(t, '/password/reset', { email })).statusCode).toBe(200);
      const soon = await post(t, '/password/reset', { email });
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
      for (let i = 2; i <= 5; i++) {
        t.clock.advance(MINUTE);
        expect((await post(t, '/password/reset', { email })).statusCode).toBe(200);
      }
      t.clock.advance(MINUTE);
      const sixth = await post(t, '/password/reset', { email });
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
      t.clock.advance(60 * MINUTE);
    }
    t.clock.advance(60 * MINUTE);
    expect((await post(t, '/password/reset', { email: account.user.email })).statusCode).toBe(200);
    // Five mails in the first hour and one after it: refused requests sent nothing.
    await t.peer.waitFor(6);
    await t.close();
    expect(t.peer.received).toHaveLength(6);
  });

  it('uses a redirectUrl on an allowed origin and ignores any other', async () => {
    t = await buildMailTestApp(kind, { config: { corsOrigins: ['https://app.troop.example'] } });
    const account = await signUp(t);
    const allowed = await mailedResetLink(account.user.email, {
      redirectUrl: 'https://app.troop.example/account/reset?from=mail',
    });
    const url = new URL(allowed.link);
    expect(url.origin + url.pathname).toBe('https://app.troop.example/account/reset');
    expect(url.searchParams.get('from')).toBe('mail');
    expect(url.searchParams.get('token')).toBeTruthy();
    for (const redirectUrl of [
      'https://evil.example/steal',
      'javascript:alert(1)',
      '//evil.example/x',
    ]) {
      t.clock.advance(MINUTE);
      const { link } = await mailedResetLink(account.user.email, { redirectUrl });
      expect(new URL(link).origin).toBe('https://troop.example');
    }
  });

  it('answers a wrong projectId with 404 PROJECT_NOT_FOUND', async () => {
    t = await buildMailTestApp(kind);
    const res = await post(t, '/password/reset', {
      email: 'someone@troop12.org',
      projectId: 'another-troop',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('refuses a malformed address with 400 INVALID_EMAIL', async () => {
    t = await buildMailTestApp(kind);
    const res = await post(t, '/password/reset', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL' });
  });
});

describe.each(embeddedStore)('password change (%s)', (kind) => {
  let t: MailTestApp;
  afterEach(async () => t?.close());

  it('needs the current password, ends the other sessions and keeps the caller’s', async () => {
    t = await buildMailTestApp(kind);
    const caller = await signUp(t);
    const other = (await signIn(t, caller.user.email)).json<SessionResponse>();

    const wrong = await post(
      t,
      '/password/change',
      { oldPassword: 'not my password', newPassword: NEW_PASSWORD },
      caller.access_token,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await refresh(t, other.refresh_token)).statusCode).toBe(200);

    const other2 = (await signIn(t, caller.user.email)).json<SessionResponse>();
    const ok = await post(
      t,
      '/password/change',
      { oldPassword: PASSWORD, newPassword: NEW_PASSWORD },
      caller.access_token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true });
    expect((await refresh(t, other2.refresh_token)).statusCode).toBe(401);
    expect((await refresh(t, caller.refresh_token)).statusCode).toBe(200);
    expect((await signIn(t, caller.user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t, caller.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a weak new password, an anonymous caller and a service key', async () => {
    t = await buildMailTestApp(kind, {
      deps: { serviceKeys: oneServiceKey('sk_test', 'k1') },
    });
    const caller = await signUp(t);
    const weak = await post(
      t,
      '/password/change',
      { oldPassword: PASSWORD, newPassword: 'short' },
      caller.access_token,
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect(
      (await post(t, '/password/change', { oldPassword: PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await post(
          t,
          '/password/change',
          { oldPassword: PASSWORD, newPassword: NEW_PASSWORD },
          'sk_test',
        )
      ).statusCode,
    ).toBe(403);
    expect((await signIn(t, caller.user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('makes a reset link mailed before the change useless', async () => {
    t = await buildMailTestApp(kind);
    const caller = await signUp(t);
    await post(t, '/password/reset', { email: caller.user.email });
    const link = linkIn((await t.peer.waitFor(1))[0]);
    await post(
      t,
      '/password/change',
      { oldPassword: PASSWORD, newPassword: NEW_PASSWORD },
      caller.access_token,
    );
    const res = await post(t, '/password/reset/confirm', {
      token: tokenOf(link),
      password: 'the thief’s password',
    });
    expect(res.statusCode).toBe(400);
    expect((await signIn(t, caller.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});
