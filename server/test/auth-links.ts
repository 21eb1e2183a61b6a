/** Helpers for the tests of the mailed flows: an app whose mail goes to a real SMTP peer. */
import type { SessionResponse } from '@scout/protocol/auth';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../src/config.ts';
import type { AppDeps } from '../src/deps.ts';
import { createSmtpMailer } from '../src/mail/smtp.ts';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from './mail.ts';
import { buildTestApp, sharedTestApp, type StoreKind, type TestApp } from './test-app.ts';
import { bearer, nextAddress, signIn, signUp } from './auth.ts';

export interface MailTestApp extends TestApp {
  peer: SmtpPeer;
}

type MailAppOptions = { config?: Partial<Config>; deps?: Partial<AppDeps> };

const mailerFor = (peer: SmtpPeer) =>
  createSmtpMailer({ url: peer.url, from: 'Scout Leadership Platform <no-reply@troop.example>' });

export async function buildMailTestApp(
  kind: StoreKind,
  opts: MailAppOptions = {},
): Promise<MailTestApp> {
  const peer = await startSmtpPeer();
  const config = { publicUrl: 'https://troop.example', ...opts.config };
  const t = await buildTestApp({
    store: kind,
    config,
    deps: { mail: mailerFor(peer), ...opts.deps },
  });
  let closed = false;
  return {
    ...t,
    peer,
    // Closing waits for mail still being sent; a test may close early to count what went out.
    close: async () => {
      if (closed) return;
      closed = true;
      await t.close();
      await peer.close();
    },
  };
}

/**
 * One mail test app for every test of the suite it is called in (sharedTestApp), instead of one
 * per test: each test starts on an empty store, with nothing received. A test that counts what
 * was sent waits for it, so that no mail of its own arrives in the next test.
 */
export function sharedMailTestApp(kind: StoreKind, opts: MailAppOptions = {}): MailTestApp {
  let peer: SmtpPeer | undefined;
  const deps: Partial<AppDeps> = { ...opts.deps };
  // Registered before the app's hooks: the peer is up before the app is built, and (hooks after
  // a suite run last-registered first) closed after the app, which waits for mail being sent.
  beforeAll(async () => {
    peer = await startSmtpPeer();
    deps.mail = opts.deps?.mail ?? mailerFor(peer);
  });
  afterAll(async () => {
    await peer?.close();
    peer = undefined;
  });
  const t = sharedTestApp({
    store: kind,
    config: { publicUrl: 'https://troop.example', ...opts.config },
    deps,
    empty: true,
  });
  beforeEach(() => {
    if (peer) peer.received.length = 0;
  });
  return {
    get app() {
      return t.app;
    },
    get deps() {
      return t.deps;
    },
    get clock() {
      return t.clock;
    },
    get filesDir() {
      return t.filesDir;
    },
    get peer() {
      if (!peer) throw new Error('the shared mail test app is used outside its suite');
      return peer;
    },
    close: t.close,
  };
}

/** A POST to /api/auth/<path> from a fresh client address. */
export function post(
  t: TestApp,
  path: string,
  payload: Record<string, unknown> = {},
  token?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth${path}`,
    remoteAddress: nextAddress(),
    payload: { projectId: t.deps.config.projectId, ...payload },
    ...(token ? { headers: bearer(token) } : {}),
  });
}

/** The one link in a mail's text part, checked to be in its HTML part too. */
export function linkIn(mail: ReceivedMail | undefined): string {
  const text = mail?.parsed.text ?? '';
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1 || !links[0]) throw new Error(`expected one link in: ${text}`);
  const html = typeof mail?.parsed.html === 'string' ? mail.parsed.html : '';
  if (!html.includes(`href="${links[0].replace(/&/g, '&amp;')}"`))
    throw new Error('the HTML part lacks the link');
  return links[0];
}

/** A signed-in admin: an account whose role is set in the database, as the admin CLI does. */
export async function signInAdmin(t: TestApp): Promise<SessionResponse> {
  const account = await signUp(t);
  await t.deps.store.query("UPDATE users SET role = 'admin' WHERE id = ?", [account.user.id]);
  const res = await signIn(t, account.user.email);
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.body}`);
  return res.json<SessionResponse>();
}
