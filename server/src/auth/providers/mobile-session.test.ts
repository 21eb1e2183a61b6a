import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me } from '../../../test/auth.ts';
import {
  openAuth,
  providerSignIn,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { testStoreKinds } from '../../../test/test-app.ts';

const newSessionId = () => crypto.randomBytes(32).toString('hex');

describe.each(testStoreKinds)('mobile sign-in sessions (%s)', (store) => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ store });
  });
  afterAll(async () => rig?.close());

  const poll = (id: string) => rig.t.app.inject({ url: `/api/auth/mobile-session/${id}` });

  it('pending, then the tokens once, then gone', async () => {
    const sessionId = newSessionId();
    expect((await poll(sessionId)).statusCode).toBe(404);

    const { start, callback } = await providerSignIn(
      rig.t,
      { mode: 'mobile-session', session_id: sessionId },
      { email: 'mobile@troop214.example', name: 'Riley Mobile' },
    );
    expect(start.statusCode).toBe(302);
    expect(callback.pathname).toBe('/api/auth/callback/council-login');

    const done = await poll(sessionId);
    expect(done.statusCode).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    const tokens = done.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect((await me(rig.t, tokens.access_token)).json().user.email).toBe(
      'mobile@troop214.example',
    );
    expect((await poll(sessionId)).statusCode).toBe(404);
    expect((await poll(sessionId)).statusCode).toBe(404);
  });

  it('answers 202 while the person is still signing in, and shows the browser where to go', async () => {
    const sessionId = newSessionId();
    const start = await openAuth(rig.t, {
      provider: 'council-login',
      mode: 'mobile-session',
      session_id: sessionId,
    });
    expect(start.statusCode).toBe(302);
    const pending = await poll(sessionId);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ status: 'pending' });
  });

  it('the browser page of a finished mobile sign-in carries no token', async () => {
    const sessionId = newSessionId();
    const { answer } = await providerSignIn(
      rig.t,
      { mode: 'mobile-session', session_id: sessionId },
      { email: 'mobile2@troop214.example' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Return to the app');
    expect(answer.body).not.toMatch(/access_token|refresh_token|eyJ/);
  });

  it('keeps the tokens only sealed: the database row alone gives nothing away', async () => {
    const sessionId = newSessionId();
    await providerSignIn(
      rig.t,
      { mode: 'mobile-session', session_id: sessionId },
      { email: 'mobile3@troop214.example' },
    );
    const { rows } = await rig.t.deps.store.query<{ id_hash: string; sealed_tokens: string }>(
      'SELECT id_hash, sealed_tokens FROM mobile_sessions WHERE sealed_tokens IS NOT NULL',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.id_hash).not.toContain(sessionId);
      expect(row.sealed_tokens).not.toMatch(/eyJ|Bearer/);
    }
    expect((await poll(sessionId)).statusCode).toBe(200);
  });

  it('a pending session ends after 10 minutes', async () => {
    const sessionId = newSessionId();
    await openAuth(rig.t, {
      provider: 'council-login',
      mode: 'mobile-session',
      session_id: sessionId,
    });
    expect((await poll(sessionId)).statusCode).toBe(202);
    rig.t.clock.advance(10 * 60_000 + 1000);
    const gone = await poll(sessionId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
