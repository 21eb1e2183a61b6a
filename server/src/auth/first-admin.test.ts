import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  ensureTestAccount,
  testStoreKinds,
  type TestApp,
} from '../../test/test-app.ts';
import {
  freePort,
  serverOptions,
  startServer,
  type RunningServer,
} from '../../test/server-process.ts';
import { offerFirstAdminSetup, SETUP_LINK_TTL_SECONDS } from './first-admin.ts';
import { setupLinkPath } from './setup-link-file.ts';

const tokenOf = (link: string) => new URL(link).searchParams.get('setup') ?? '';

describe.each(testStoreKinds)('the first admin, set up in the browser (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const post = (path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/auth/setup/${path}`, payload: payload as object });
  const admin = (token: string, over: Record<string, unknown> = {}) =>
    post('admin', {
      token,
      email: 'pat@troop214.example',
      password: 'council-fire-2026',
      displayName: 'Pat Admin',
      ...over,
    });

  it('offers a link while there is no admin; the link makes one admin, signed in, once', async () => {
    t = await buildTestApp({ store: kind });
    const link = await offerFirstAdminSetup(t.deps);
    expect(link).toMatch(new RegExp(`^${t.deps.config.publicUrl}/\\?setup=[\\w-]{43}$`));
    const token = tokenOf(link ?? '');
    expect((await post('check', { token })).json()).toEqual({ usable: true });

    const made = await admin(token);
    expect(made.statusCode).toBe(200);
    const session = made.json();
    expect(session.user).toMatchObject({ email: 'pat@troop214.example', role: 'admin' });
    const sql = await t.app.inject({
      method: 'POST',
      url: `/api/db/${t.deps.config.projectId}/sql`,
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { query: 'SELECT 1 AS one' },
    });
    expect(sql.statusCode).toBe(200);

    expect((await post('check', { token })).json()).toEqual({ usable: false });
    const again = await admin(token, { email: 'second@troop214.example' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'VERIFICATION_FAILED',
      message: 'This setup link has expired or was already used.',
    });
    expect(await offerFirstAdminSetup(t.deps)).toBeNull();
  });

  it('stops every other link once an admin exists, and a link after an hour', async () => {
    t = await buildTestApp({ store: kind });
    const first = tokenOf((await offerFirstAdminSetup(t.deps)) ?? '');
    const second = tokenOf((await offerFirstAdminSetup(t.deps)) ?? '');
    const late = tokenOf((await offerFirstAdminSetup(t.deps)) ?? '');
    expect((await admin(first)).statusCode).toBe(200);
    expect((await post('check', { token: second })).json()).toEqual({ usable: false });
    const refused = await admin(second, { email: 'other@troop214.example' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This troop already has an admin: sign in instead.');

    t.clock.advance(SETUP_LINK_TTL_SECONDS * 1000);
    expect((await admin(late, { email: 'late@troop214.example' })).statusCode).toBe(400);
  });

  it('refuses bad input with the auth codes and spends nothing', async () => {
    t = await buildTestApp({ store: kind });
    const token = tokenOf((await offerFirstAdminSetup(t.deps)) ?? '');
    expect((await admin(token, { email: 'not-an-email' })).json().code).toBe('INVALID_EMAIL');
    expect((await admin(token, { password: 'short' })).json().code).toBe('WEAK_PASSWORD');
    expect((await admin('', {})).json().code).toBe('VERIFICATION_FAILED');
    expect((await post('check', {})).statusCode).toBe(400);
    expect((await admin('a'.repeat(43))).statusCode).toBe(400);
    expect((await post('check', { token })).json()).toEqual({ usable: true });
  });

  it('offers nothing when the troop has an admin already', async () => {
    t = await buildTestApp({ store: kind });
    await ensureTestAccount(t.deps.store, 'boss', 'admin', 'boss@troop214.example');
    expect(await offerFirstAdminSetup(t.deps)).toBeNull();
  });
});

describe('starting a server with no admin', () => {
  it('leaves a setup link in a private file named by the log, never in the log; gone once there is an admin', async () => {
    const opts = serverOptions();
    const file = setupLinkPath(opts.dataDir);
    const server = await startServer({ ...opts, port: await freePort() });
    let again: RunningServer | undefined;
    try {
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('No admin yet');
      const link = fs.readFileSync(file, 'utf8').trim();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(server.output()).toContain(file);
      expect(server.output()).not.toContain(tokenOf(link));
      const res = await fetch(`${server.baseUrl}/api/auth/setup/admin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token: tokenOf(link),
          email: 'first@troop214.example',
          password: 'council-fire-2026',
        }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
      await server.stop();

      // The start decides after it listens: the file goes where no link is offered.
      again = await startServer({ ...opts, port: await freePort() });
      await expect.poll(() => fs.existsSync(file), { timeout: 10_000 }).toBe(false);
      expect(again.output()).not.toContain('No admin yet');
    } finally {
      await server.stop();
      await again?.stop();
      fs.rmSync(opts.dataDir, { recursive: true, force: true });
    }
    // Two server starts: each takes seconds, many more on a machine busy with the other suites.
  }, 120_000);
});
