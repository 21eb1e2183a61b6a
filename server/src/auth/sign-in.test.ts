import { describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { buildTestApp, embeddedStore, sharedTestApp } from '../../test/test-app.ts';
import { PASSWORD, me, nextAddress, signIn, signUp } from '../../test/auth.ts';

describe.each(embeddedStore)('POST /api/auth/signin/email (%s)', (kind) => {
  // Tests count attempts from fixed addresses and read whole tables: each starts on an empty store.
  const t = sharedTestApp({ store: kind, empty: true });

  const post = (payload: object, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signin/email', remoteAddress, payload });

  it('signs in with any case of the email and answers the complete user with a new sign-in time', async () => {
    const { user } = await signUp(t, {
      email: 'pack.leader@troop12.org',
      displayName: 'Pack Leader',
      troopRole: 'Parent',
    });
    t.clock.advance(60_000);
    const res = await signIn(t, ' Pack.Leader@TROOP12.org ');
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionResponse>();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(body.user).toEqual({ ...user, lastSignInAt: new Date(t.clock.now()).toISOString() });
    expect((await me(t, body.access_token)).json().user.id).toBe(user.id);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    await signUp(t, { email: 'known@troop12.org' });
    const wrongPassword = await signIn(t, 'known@troop12.org', 'not the password');
    const unknownEmail = await signIn(t, 'nobody@troop12.org', 'not the password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json()).toEqual({
      error: 'Invalid email or password. Please try again.',
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password. Please try again.',
    });
  });

  it('refuses a password longer than any account can have without telling whether the email exists', async () => {
    await signUp(t, { email: 'known@troop12.org' });
    const known = await signIn(t, 'known@troop12.org', 'p'.repeat(300));
    const unknown = await signIn(t, 'nobody@troop12.org', 'p'.repeat(300));
    expect(known.statusCode).toBe(401);
    expect(known.body).toBe(unknown.body);
  });

  it('answers 400 for a malformed email or a missing password', async () => {
    const badEmail = await post({ email: 'not-an-email', password: PASSWORD });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().code).toBe('INVALID_EMAIL');
    const noPassword = await post({ email: 'scout@troop12.org' });
    expect(noPassword.statusCode).toBe(400);
    expect(typeof noPassword.json().error).toBe('string');
  });

  it('answers 404 PROJECT_NOT_FOUND for an unknown project', async () => {
    const res = await post({
      email: 'scout@troop12.org',
      password: PASSWORD,
      projectId: 'elsewhere',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROJECT_NOT_FOUND');
  });

  it('requires a verified email when the server is configured so, and says so only to the right password', async () => {
    // An app of its own: the configuration is not the suite's.
    const strict = await buildTestApp({
      store: kind,
      config: { requireEmailVerification: true },
    });
    try {
      const { user } = await signUp(strict, { email: 'unverified@troop12.org' });
      const wrong = await signIn(strict, 'unverified@troop12.org', 'not the password');
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
      const right = await signIn(strict, 'unverified@troop12.org');
      expect(right.statusCode).toBe(401);
      expect(right.json().code).toBe('EMAIL_NOT_VERIFIED');
      await strict.deps.store.query('UPDATE users SET email_verified = ? WHERE id = ?', [
        true,
        user.id,
      ]);
      expect((await signIn(strict, 'unverified@troop12.org')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('limits attempts per email to 10 a minute, from any address, with Retry-After', async () => {
    await signUp(t, { email: 'target@troop12.org' });
    for (let i = 0; i < 10; i++) {
      expect((await signIn(t, 'target@troop12.org', `guess number ${i}`)).statusCode).toBe(401);
    }
    t.clock.advance(20_000);
    const limited = await signIn(t, 'target@troop12.org');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('40');
    expect(limited.json()).toEqual({
      error: 'Too many attempts. Please wait a moment and try again.',
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    // Another account is not held back by this one.
    expect((await signIn(t, 'someone.else@troop12.org', 'whatever it is')).statusCode).toBe(401);
    t.clock.advance(40_000);
    expect((await signIn(t, 'target@troop12.org')).statusCode).toBe(200);
  });

  it('does not lock the owner out from where they signed in before, however hard someone guesses', async () => {
    await signUp(t, { email: 'owner@troop12.org', password: PASSWORD });
    const home = '198.51.100.10';
    expect((await post({ email: 'owner@troop12.org', password: PASSWORD }, home)).statusCode).toBe(
      200,
    );
    // Someone else hammers the address with guesses, from elsewhere.
    for (let i = 0; i < 12; i++)
      await post({ email: 'owner@troop12.org', password: `guess ${i}` }, '203.0.113.66');
    expect(
      (await post({ email: 'owner@troop12.org', password: 'guess again' }, '203.0.113.66'))
        .statusCode,
    ).toBe(429);
    // A new place is held back like the attacker; home is not.
    expect(
      (await post({ email: 'owner@troop12.org', password: PASSWORD }, '203.0.113.200')).statusCode,
    ).toBe(429);
    expect((await post({ email: 'owner@troop12.org', password: PASSWORD }, home)).statusCode).toBe(
      200,
    );
    // Nobody learns where the owner was: addresses are kept only as keyed hashes.
    const stored = await t.deps.store.query<{ address_hash: string }>(
      'SELECT address_hash FROM sign_in_addresses',
    );
    expect(stored.rows.map((r) => r.address_hash).join()).not.toContain(home);
  });

  it('limits attempts per address to 30 a minute', async () => {
    const from = '192.0.2.7';
    for (let i = 0; i < 30; i++)
      expect((await post({ email: `bad-${i}`, password: 'x' }, from)).statusCode).toBe(400);
    const limited = await post({ email: 'scout@troop12.org', password: PASSWORD }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect((await post({ email: 'bad', password: 'x' }, '192.0.2.8')).statusCode).toBe(400);
  });

  it('limits sign-ups per address to 10 a minute', async () => {
    const signup = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: '198.51.100.4',
        payload: { email, password: 'short' },
      });
    for (let i = 0; i < 10; i++) expect((await signup(`new${i}@troop12.org`)).statusCode).toBe(400);
    const limited = await signup('new10@troop12.org');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
