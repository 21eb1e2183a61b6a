import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import type { TokenResponse } from '@scout/protocol/auth';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { bearer, me, nextAddress, refresh, signIn, signUp } from '../../test/auth.ts';

describe.each(testStoreKinds)('auth sessions (%s)', (kind) => {
  // Tests read the whole refresh_tokens table: each starts on an empty store.
  const t = sharedTestApp({ store: kind, empty: true });

  it('rotates the refresh token on every refresh and answers a fresh token pair without user or project', async () => {
    const session = await signUp(t);
    t.clock.advance(5 * 60_000);
    const res = await refresh(t, session.refresh_token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const next = res.json<TokenResponse>();
    expect(Object.keys(next).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_expires_in',
      'refresh_token',
      'token_type',
    ]);
    expect(next).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.access_token).not.toBe(session.access_token);
    expect(decodeJwt(next.access_token).sub).toBe(session.user.id);
    expect((await me(t, next.access_token)).statusCode).toBe(200);
    // The new one rotates in turn; refresh_token may also arrive in camelCase.
    t.clock.advance(60_000);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: next.refresh_token },
    });
    expect(again.statusCode).toBe(200);
  });

  it('keeps only a SHA-256 hash of each refresh token', async () => {
    const session = await signUp(t);
    const { rows } = await t.deps.store.query<{ token_hash: string }>(
      'SELECT token_hash FROM refresh_tokens',
    );
    expect(rows).toEqual([
      { token_hash: crypto.createHash('sha256').update(session.refresh_token).digest('hex') },
    ]);
  });

  it('revokes the whole family when a rotated token is presented again after the grace window', async () => {
    const session = await signUp(t);
    const child = (await refresh(t, session.refresh_token)).json<TokenResponse>();
    t.clock.advance(11_000);
    const replay = await refresh(t, session.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({
      code: 'TOKEN_EXPIRED',
      error: 'Session expired. Please sign in again.',
    });
    // The legitimate holder's newer token dies with the family.
    const childAfter = await refresh(t, child.refresh_token);
    expect(childAfter.statusCode).toBe(401);
    expect(childAfter.json().code).toBe('TOKEN_EXPIRED');
  });

  it('answers a second tab refreshing with the same token within the grace window the same successor', async () => {
    const session = await signUp(t);
    const tabA = (await refresh(t, session.refresh_token)).json<TokenResponse>();
    t.clock.advance(9_000);
    const tabBRes = await refresh(t, session.refresh_token);
    expect(tabBRes.statusCode).toBe(200);
    const tabB = tabBRes.json<TokenResponse>();
    // Both tabs hold one session, as they share one stored answer: no second token lives on.
    expect(tabB.refresh_token).toBe(tabA.refresh_token);
    expect(decodeJwt(tabB.access_token).sid).toBe(decodeJwt(tabA.access_token).sid);
    expect((await me(t, tabB.access_token)).statusCode).toBe(200);
    const live = await t.deps.store.query(
      'SELECT id FROM refresh_tokens WHERE rotated_at IS NULL AND revoked_at IS NULL',
    );
    expect(live.rows).toHaveLength(1);
    // The session carries on from the one successor.
    const next = await refresh(t, tabB.refresh_token);
    expect(next.statusCode).toBe(200);
    // The grace does not extend itself: past it, the original token is a replay and ends the session.
    t.clock.advance(2_000);
    expect((await refresh(t, session.refresh_token)).statusCode).toBe(401);
    expect((await refresh(t, next.json<TokenResponse>().refresh_token)).statusCode).toBe(401);
  });

  it('answers two refreshes racing with the same token both with the same session', async () => {
    const session = await signUp(t);
    const [a, b] = await Promise.all([
      refresh(t, session.refresh_token),
      refresh(t, session.refresh_token),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    expect(a?.json().refresh_token).toBe(b?.json().refresh_token);
    expect((await refresh(t, a?.json().refresh_token)).statusCode).toBe(200);
  });

  it('leaves other sessions of the user alone when one family is revoked', async () => {
    const first = await signUp(t, { email: 'two.devices@troop12.org' });
    const second = (await signIn(t, 'two.devices@troop12.org')).json<TokenResponse>();
    await refresh(t, first.refresh_token);
    t.clock.advance(30_000);
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(t, second.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token with TOKEN_EXPIRED and an unknown one with INVALID_CREDENTIALS', async () => {
    const session = await signUp(t);
    const unknown = await refresh(t, crypto.randomBytes(32).toString('base64url'));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_CREDENTIALS');
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: {} });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('INVALID_CREDENTIALS');
    t.clock.advance(2_592_000_000 + 1000);
    const expired = await refresh(t, session.refresh_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
  });

  it('accepts an access token for 900 seconds and only when signed with HS256 by this server', async () => {
    const session = await signUp(t);
    const claims = decodeJwt(session.access_token);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(crypto.randomBytes(32));
    expect((await me(t, forged)).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${session.access_token.split('.')[1]}.`;
    expect((await me(t, unsigned)).statusCode).toBe(401);
    t.clock.advance(899_000);
    expect((await me(t, session.access_token)).statusCode).toBe(200);
    t.clock.advance(2_000);
    const expired = await me(t, session.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
  });

  it('limits refreshes per address to 60 a minute', async () => {
    const from = '203.0.113.9';
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        remoteAddress: from,
        payload: { refresh_token: 'nope' },
      });
    for (let i = 0; i < 60; i++) expect((await post()).statusCode).toBe(401);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  describe('POST /api/auth/signout', () => {
    const signout = (headers: Record<string, string>, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signout',
        remoteAddress: nextAddress(),
        headers,
        ...(payload ? { payload } : {}),
      });

    it('with a refresh token, ends that session only', async () => {
      const laptop = await signUp(t, { email: 'signout@troop12.org' });
      const phone = (await signIn(t, 'signout@troop12.org')).json<TokenResponse>();
      const laptopNext = (await refresh(t, laptop.refresh_token)).json<TokenResponse>();
      const res = await signout(bearer(laptopNext.access_token), {
        refresh_token: laptopNext.refresh_token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await refresh(t, laptopNext.refresh_token)).json().code).toBe('TOKEN_EXPIRED');
      expect((await refresh(t, phone.refresh_token)).statusCode).toBe(200);
    });

    it('with only a refresh token (access token gone stale), still ends that session', async () => {
      const session = await signUp(t);
      t.clock.advance(3600_000);
      expect((await signout({}, { refreshToken: session.refresh_token })).statusCode).toBe(200);
      expect((await refresh(t, session.refresh_token)).statusCode).toBe(401);
    });

    it('with only the bearer token, ends every session of the user and no one else', async () => {
      const laptop = await signUp(t, { email: 'everywhere@troop12.org' });
      const phone = (await signIn(t, 'everywhere@troop12.org')).json<TokenResponse>();
      const other = await signUp(t);
      const res = await signout({
        ...bearer(laptop.access_token),
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(200);
      expect((await refresh(t, laptop.refresh_token)).statusCode).toBe(401);
      expect((await refresh(t, phone.refresh_token)).statusCode).toBe(401);
      expect((await refresh(t, other.refresh_token)).statusCode).toBe(200);
    });

    it('with neither, answers 401', async () => {
      const res = await signout({});
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    });
  });
});
