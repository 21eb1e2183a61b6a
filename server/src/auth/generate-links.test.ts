import { afterEach, describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  MAGIC_LINK_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
} from '@scout/protocol/limits';
import { embeddedStore } from '../../test/test-app.ts';
import { buildMailTestApp, post, signInAdmin, type MailTestApp } from '../../test/auth-links.ts';
import { me, signIn, signUp } from '../../test/auth.ts';
import { oneServiceKey } from '../../test/service-keys.ts';

const serviceKeys = oneServiceKey('sk_test', 'k1');

const CALLS = [
  { path: '/password/reset/generate', urlField: 'resetUrl', ttl: PASSWORD_RESET_TTL_SECONDS },
  { path: '/email/verify/generate', urlField: 'verifyUrl', ttl: EMAIL_VERIFICATION_TTL_SECONDS },
  { path: '/signin/magic/generate', urlField: 'magicUrl', ttl: MAGIC_LINK_TTL_SECONDS },
] as const;

describe.each(embeddedStore)('generated links for admins and service keys (%s)', (kind) => {
  let t: MailTestApp;
  afterEach(async () => t?.close());

  it.each(CALLS)(
    '$path: anonymous 401, a member 403, an admin and a service key 200',
    async ({ path, urlField, ttl }) => {
      t = await buildMailTestApp(kind, { deps: { serviceKeys } });
      const member = await signUp(t);
      const admin = await signInAdmin(t);
      const body = { email: member.user.email };

      expect((await post(t, path, body)).statusCode).toBe(401);
      const forbidden = await post(t, path, body, member.access_token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.body).not.toMatch(/"token"/);

      for (const credential of [admin.access_token, 'sk_test']) {
        const res = await post(t, path, body, credential);
        expect(res.statusCode).toBe(200);
        const answer = res.json<Record<string, string>>();
        expect(Object.keys(answer).sort()).toEqual(['expiresAt', 'token', urlField].sort());
        expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(Date.parse(answer.expiresAt ?? '')).toBe(t.clock.now() + ttl * 1000);
        expect(answer[urlField]).toContain(answer.token);
        expect(new URL(answer[urlField] ?? '').origin).toBe('https://troop.example');
      }
      const unknown = await post(t, path, { email: 'nobody@troop12.org' }, 'sk_test');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
      // Nothing was mailed: the answer is the link.
      expect(t.peer.received).toHaveLength(0);
    },
  );

  it('generated tokens work in the confirm and verify calls', async () => {
    t = await buildMailTestApp(kind, { deps: { serviceKeys } });
    const member = await signUp(t);
    const reset = (
      await post(t, '/password/reset/generate', { email: member.user.email }, 'sk_test')
    ).json<{ token: string }>();
    expect(
      (
        await post(t, '/password/reset/confirm', {
          token: reset.token,
          password: 'set by the leader',
        })
      ).statusCode,
    ).toBe(200);
    expect((await signIn(t, member.user.email, 'set by the leader')).statusCode).toBe(200);

    const verify = (
      await post(t, '/email/verify/generate', { email: member.user.email }, 'sk_test')
    ).json<{ token: string }>();
    expect((await post(t, '/email/verify', { token: verify.token })).statusCode).toBe(200);

    const magic = (
      await post(t, '/signin/magic/generate', { email: member.user.email }, 'sk_test')
    ).json<{ token: string }>();
    const session = await post(t, '/signin/magic/verify', { token: magic.token });
    expect(session.statusCode).toBe(200);
    expect(
      (await me(t, session.json<{ access_token: string }>().access_token)).json(),
    ).toMatchObject({
      user: { id: member.user.id, emailVerified: true },
    });
  });

  it('an admin without an email in the body gets a verification link for their own account', async () => {
    t = await buildMailTestApp(kind, { deps: { serviceKeys } });
    const admin = await signInAdmin(t);
    const own = (await post(t, '/email/verify/generate', {}, admin.access_token)).json<{
      token: string;
    }>();
    expect((await post(t, '/email/verify', { token: own.token })).statusCode).toBe(200);
    expect((await me(t, admin.access_token)).json()).toMatchObject({
      user: { emailVerified: true },
    });
    const keyWithoutEmail = await post(t, '/email/verify/generate', {}, 'sk_test');
    expect(keyWithoutEmail.statusCode).toBe(400);
    expect(keyWithoutEmail.json()).toMatchObject({ code: 'INVALID_EMAIL' });
  });
});
