import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  PRODUCT_NAME,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@scout/protocol/limits';
import { tokenOf } from '../../test/mail.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import {
  buildMailTestApp,
  linkIn,
  post,
  sharedMailTestApp,
  type MailTestApp,
} from '../../test/auth-links.ts';
import { me, signIn, signUp } from '../../test/auth.ts';

const MINUTE = 60_000;

describe.each(testStoreKinds)('magic-link sign-in (%s)', (kind) => {
  // Tests on the default configuration that wait for their own mail share one app; the others
  // build their own.
  const shared = sharedMailTestApp(kind);
  let own: MailTestApp | undefined;
  let t: MailTestApp = shared;
  beforeEach(() => {
    t = shared;
  });
  afterEach(async () => {
    await own?.close();
    own = undefined;
  });

  async function mailedMagicLink(email: string, extra: Record<string, unknown> = {}) {
    const before = t.peer.received.length;
    const res = await post(t, '/signin/magic', { email, ...extra });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const mails = await t.peer.waitFor(before + 1);
    return { mail: mails[before], link: linkIn(mails[before]) };
  }

  it('mails a link that signs in and answers like a password sign-in', async () => {
    const account = await signUp(t, { displayName: 'Sam Scout' });
    const { mail, link } = await mailedMagicLink(account.user.email, {
      redirectUrl: 'https://troop.example/welcome',
    });
    expect(mail?.rcptTo).toEqual([account.user.email]);
    expect(mail?.parsed.subject).toContain(PRODUCT_NAME);
    expect(mail?.parsed.text).toContain('15 minutes');
    const url = new URL(link);
    expect(url.pathname).toBe('/welcome');
    expect([...url.searchParams.keys()].sort()).toEqual(['magic_token', 'projectId']);

    const res = await post(t, '/signin/magic/verify', { token: tokenOf(link) });
    expect(res.statusCode).toBe(200);
    const session = res.json<SessionResponse>();
    expect(session).toMatchObject({
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
      user: {
        id: account.user.id,
        email: account.user.email,
        displayName: 'Sam Scout',
        emailVerified: true,
      },
    });
    expect(session.user.lastSignInAt).toBeTruthy();
    const profile = await me(t, session.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ user: { id: account.user.id } });
  });

  it('a link works once', async () => {
    const account = await signUp(t);
    const { link } = await mailedMagicLink(account.user.email);
    expect((await post(t, '/signin/magic/verify', { token: tokenOf(link) })).statusCode).toBe(200);
    const again = await post(t, '/signin/magic/verify', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'VERIFICATION_FAILED',
      error: 'Verification failed. Please try again.',
    });
  });

  it('a link expires after 15 minutes with MAGIC_LINK_EXPIRED', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const first = await mailedMagicLink(a.user.email);
    const second = await mailedMagicLink(b.user.email);
    t.clock.advance(14 * MINUTE);
    expect((await post(t, '/signin/magic/verify', { token: tokenOf(first.link) })).statusCode).toBe(
      200,
    );
    t.clock.advance(MINUTE + 1000);
    const late = await post(t, '/signin/magic/verify', { token: tokenOf(second.link) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      code: 'MAGIC_LINK_EXPIRED',
      error: 'Magic link has expired. Please request a new one.',
    });
  });

  it('answers an unknown address like a known one, mails nothing to it and creates no account', async () => {
    t = own = await buildMailTestApp(kind);
    const account = await signUp(t);
    const unknown = await post(t, '/signin/magic', { email: 'stranger@troop12.org' });
    const known = await post(t, '/signin/magic', { email: account.user.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await t.peer.waitFor(1);
    const { rows } = await t.deps.store.query('SELECT id FROM users WHERE email = ?', [
      'stranger@troop12.org',
    ]);
    expect(rows).toHaveLength(0);
    await t.close();
    expect(t.peer.received.map((m) => m.rcptTo)).toEqual([[account.user.email]]);
  });

  it('with REQUIRE_EMAIL_VERIFICATION, a magic link signs in and verifies the address', async () => {
    t = own = await buildMailTestApp(kind, { config: { requireEmailVerification: true } });
    const account = await signUp(t);
    const refused = await signIn(t, account.user.email);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const { link } = await mailedMagicLink(account.user.email);
    expect((await post(t, '/signin/magic/verify', { token: tokenOf(link) })).statusCode).toBe(200);
    expect((await signIn(t, account.user.email)).statusCode).toBe(200);
  });

  it('refuses a request without a token, and a reset token, with VERIFICATION_FAILED', async () => {
    const account = await signUp(t);
    const none = await post(t, '/signin/magic/verify', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VERIFICATION_FAILED' });
    await post(t, '/password/reset', { email: account.user.email });
    const resetLink = linkIn((await t.peer.waitFor(1))[0]);
    const wrongKind = await post(t, '/signin/magic/verify', { token: tokenOf(resetLink) });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json()).toMatchObject({ code: 'VERIFICATION_FAILED' });
  });

  it('approval: a waiting account signs in by link and still waits', async () => {
    t = own = await buildMailTestApp(kind, { config: { signupMode: 'approval' } });
    const account = await signUp(t);
    expect(account.user.status).toBe('pending');
    const { link } = await mailedMagicLink(account.user.email);
    const res = await post(t, '/signin/magic/verify', { token: tokenOf(link) });
    expect(res.statusCode).toBe(200);
    const session = res.json<SessionResponse>();
    expect(session.user).toMatchObject({ id: account.user.id, status: 'pending' });
    const events = await t.app.inject({
      url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events`,
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(`${events.statusCode} ${events.json().code}`).toBe('403 ACCOUNT_PENDING');
    expect((await me(t, session.access_token)).json().user.status).toBe('pending');
  });

  it.each(['approval', 'invite'] as const)(
    '%s: a link for an address without an account makes no account and sends no mail',
    async (signupMode) => {
      t = own = await buildMailTestApp(kind, { config: { signupMode } });
      const stranger = 'new.family@troop12.org';
      const asked = await post(t, '/signin/magic', { email: stranger });
      expect(asked.statusCode).toBe(200);
      // The hosted page's "email me a link" takes the same way (an address is mailed once a minute).
      t.clock.advance(MINUTE);
      const hosted = await t.app.inject({
        method: 'POST',
        url: '/auth?redirect_url=https%3A%2F%2Ftroop.example%2F',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams({
          action: 'email-link',
          email: stranger,
          redirect_url: 'https://troop.example/',
        }).toString(),
      });
      expect(hosted.statusCode).toBe(200);
      expect((await post(t, '/signin/magic/verify', { token: 'a'.repeat(43) })).statusCode).toBe(
        400,
      );
      const { rows } = await t.deps.store.query('SELECT id FROM users');
      expect(rows).toEqual([]);
      // Closing waits for mail still being sent.
      await t.close();
      expect(t.peer.received).toEqual([]);
    },
  );

  it('mails an address at most once a minute', async () => {
    const account = await signUp(t);
    expect((await post(t, '/signin/magic', { email: account.user.email })).statusCode).toBe(200);
    const soon = await post(t, '/signin/magic', { email: account.user.email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(soon.headers['retry-after']).toBeDefined();
    t.clock.advance(MINUTE);
    expect((await post(t, '/signin/magic', { email: account.user.email })).statusCode).toBe(200);
    expect((await t.peer.waitFor(2)).map((m) => m.rcptTo)).toEqual([
      [account.user.email],
      [account.user.email],
    ]);
  });
});
