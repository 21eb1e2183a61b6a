import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { buildMailTestApp, type MailTestApp } from '../../test/auth-links.ts';
import { bearer, signIn, signUp } from '../../test/auth.ts';
import { addressesOf, createMemoryMailer } from '../../test/mail.ts';
import { forgetAccount } from '../auth/session-check.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { oneServiceKey } from '../../test/service-keys.ts';

const serviceKeys = oneServiceKey('sk_test', 'k1');

/** Sending mail needs notifications.send: leaders have it, members do not (docs/roles.md). */
async function signUpLeader(
  t: TestApp,
  input: Parameters<typeof signUp>[1] = {},
): Promise<SessionResponse> {
  const session = await signUp(t, input);
  await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = ?", [session.user.id]);
  forgetAccount(t.deps.store, session.user.id);
  return session;
}

function send(t: TestApp, payload: unknown, token?: string, projectId = t.deps.config.projectId) {
  return t.app.inject({
    method: 'POST',
    url: `/api/notifications/${projectId}/email`,
    payload: payload as Record<string, unknown>,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

describe.each(embeddedStore)('POST /api/notifications/:projectId/email (%s)', (kind) => {
  let t: MailTestApp | TestApp | undefined;
  afterEach(async () => t?.close());

  it('refuses a plain member: sending mail from the troop needs notifications.send', async () => {
    const m = await buildMailTestApp(kind);
    t = m;
    const member = await signUp(m, { email: 'parent@troop12.org' });
    const res = await send(
      m,
      { to: 'outsider@example.com', subject: 'Hi', html: '<a href="https://x.example">Win</a>' },
      member.access_token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/notifications\.send/);
    expect(m.peer.received).toHaveLength(0);
  });

  it('delivers a leader’s message from MAIL_FROM, with both parts, replies going to the leader', async () => {
    const m = await buildMailTestApp(kind);
    t = m;
    const member = await signUpLeader(m, { email: 'leader@troop12.org' });
    const res = await send(
      m,
      {
        to: 'parent@troop12.org',
        subject: 'Camp-out',
        text: 'Bring a tent.\n\nSee you!',
        from: 'president@whitehouse.example',
      },
      member.access_token,
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ success: boolean; messageId: string }>();
    expect(answer.success).toBe(true);
    const [mail] = await m.peer.waitFor(1);
    expect(mail?.parsed.messageId).toBe(answer.messageId);
    expect(mail?.rcptTo).toEqual(['parent@troop12.org']);
    expect(mail?.mailFrom).toBe('no-reply@troop.example');
    expect(addressesOf(mail?.parsed.from)).toEqual(['no-reply@troop.example']);
    expect(addressesOf(mail?.parsed.replyTo)).toEqual(['leader@troop12.org']);
    expect(mail?.parsed.subject).toBe('Camp-out');
    expect(mail?.parsed.text).toContain('Bring a tent.');
    expect(mail?.parsed.text).toContain(`Sent by leader@troop12.org through ${PRODUCT_NAME}.`);
    expect(mail?.parsed.html).toContain('<p>Bring a tent.</p>');
    expect(mail?.parsed.html).toContain(PRODUCT_NAME);
  });

  it('delivers to, cc and bcc (bcc hidden), honours replyTo, and lets a service key set from', async () => {
    const m = await buildMailTestApp(kind, { deps: { serviceKeys } });
    t = m;
    const res = await send(
      m,
      {
        to: ['a@troop12.org', 'Bo Parent <b@troop12.org>'],
        cc: 'c@troop12.org',
        bcc: ['d@troop12.org'],
        subject: 'Newsletter',
        html: '<p>News</p>',
        from: 'Troop 12 <news@troop12.org>',
        reply_to: 'scoutmaster@troop12.org',
      },
      'sk_test',
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await m.peer.waitFor(1);
    expect(mail?.rcptTo.sort()).toEqual([
      'a@troop12.org',
      'b@troop12.org',
      'c@troop12.org',
      'd@troop12.org',
    ]);
    expect(addressesOf(mail?.parsed.to)).toEqual(['a@troop12.org', 'b@troop12.org']);
    expect(addressesOf(mail?.parsed.cc)).toEqual(['c@troop12.org']);
    // Not in any header (the Message-ID may end in "...d@troop12.org" by chance: its domain is the sender's).
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(mail?.raw).not.toMatch(/[<\s,:"]d@troop12\.org/);
    expect(mail?.parsed.from?.text).toBe('"Troop 12" <news@troop12.org>');
    expect(addressesOf(mail?.parsed.replyTo)).toEqual(['scoutmaster@troop12.org']);
    expect(mail?.parsed.text).toContain('News');
    expect(mail?.parsed.text).toContain(`Sent through ${PRODUCT_NAME}.`);
  });

  it('keeps a subject with CR/LF in one header: no Bcc, no extra recipient', async () => {
    const m = await buildMailTestApp(kind);
    t = m;
    const member = await signUpLeader(m);
    const res = await send(
      m,
      {
        to: 'parent@troop12.org',
        subject: 'Hi\r\nBcc: thief@evil.example\r\nX-Injected: yes',
        text: 'body',
      },
      member.access_token,
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await m.peer.waitFor(1);
    expect(mail?.rcptTo).toEqual(['parent@troop12.org']);
    expect(mail?.parsed.bcc).toBeUndefined();
    expect(mail?.parsed.headers.has('x-injected')).toBe(false);
    expect(mail?.parsed.subject).toBe('Hi Bcc: thief@evil.example X-Injected: yes');
  });

  it.each([
    ['no to', { subject: 's', text: 't' }],
    ['no subject', { to: 'a@troop12.org', text: 't' }],
    ['a blank subject', { to: 'a@troop12.org', subject: '\r\n ', text: 't' }],
    ['neither html nor text', { to: 'a@troop12.org', subject: 's' }],
    ['empty html and text', { to: 'a@troop12.org', subject: 's', html: '', text: '' }],
    ['an empty to list', { to: [], subject: 's', text: 't' }],
    ['a bad address', { to: 'not-an-address', subject: 's', text: 't' }],
    [
      'two addresses in one string',
      { to: 'a@troop12.org, b@troop12.org', subject: 's', text: 't' },
    ],
    ['a bad cc', { to: 'a@troop12.org', cc: ['ok@troop12.org', 'bad@'], subject: 's', text: 't' }],
    [
      'a header in an address',
      { to: 'a@troop12.org\r\nBcc: x@evil.example', subject: 's', text: 't' },
    ],
    [
      'eleven recipients',
      {
        to: Array.from({ length: 5 }, (_, i) => `t${i}@troop12.org`),
        cc: Array.from({ length: 5 }, (_, i) => `c${i}@troop12.org`),
        bcc: 'b@troop12.org',
        subject: 's',
        text: 't',
      },
    ],
    ['a body that is not an object', ['a@troop12.org']],
  ])('answers %s with 400 and sends nothing', async (_name, payload) => {
    const mail = createMemoryMailer();
    t = await buildTestApp({ store: kind, deps: { mail } });
    const member = await signUpLeader(t);
    const res = await send(t, payload, member.access_token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: { code: 'VALIDATION_ERROR' },
    });
    expect(mail.sent).toHaveLength(0);
  });

  it('accepts ten recipients', async () => {
    const mail = createMemoryMailer();
    t = await buildTestApp({ store: kind, deps: { mail } });
    const member = await signUpLeader(t);
    const to = Array.from({ length: 10 }, (_, i) => `t${i}@troop12.org`);
    expect((await send(t, { to, subject: 's', text: 't' }, member.access_token)).statusCode).toBe(
      200,
    );
    expect(mail.sent[0]?.to).toHaveLength(10);
  });

  it('answers anonymous callers 401 and an unknown project 404', async () => {
    const mail = createMemoryMailer();
    t = await buildTestApp({ store: kind, deps: { mail } });
    const member = await signUpLeader(t);
    const message = { to: 'a@troop12.org', subject: 's', text: 't' };
    const anonymous = await send(t, message);
    expect(anonymous.statusCode).toBe(401);
    const unknown = await send(t, message, member.access_token, 'another-troop');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    expect(mail.sent).toHaveLength(0);
  });

  it('lets a member send 20 messages an hour, and a service key more', async () => {
    const mail = createMemoryMailer();
    t = await buildTestApp({ store: kind, deps: { mail, serviceKeys } });
    const member = await signUpLeader(t);
    const message = { to: 'a@troop12.org', subject: 's', text: 't' };
    for (let i = 0; i < 20; i++)
      expect((await send(t, message, member.access_token)).statusCode).toBe(200);
    const refused = await send(t, message, member.access_token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(mail.sent).toHaveLength(20);
    for (let i = 0; i < 21; i++) expect((await send(t, message, 'sk_test')).statusCode).toBe(200);
    t.clock.advance(3600_000);
    const fresh = (await signIn(t, member.user.email)).json<SessionResponse>();
    expect((await send(t, message, fresh.access_token)).statusCode).toBe(200);
  });

  it('counts the limit per member: one used up leaves another free, from the same address', async () => {
    const mail = createMemoryMailer();
    t = await buildTestApp({ store: kind, deps: { mail } });
    const first = await signUpLeader(t);
    const second = await signUpLeader(t);
    const message = { to: 'a@troop12.org', subject: 's', text: 't' };
    for (let i = 0; i < 20; i++)
      expect((await send(t, message, first.access_token)).statusCode).toBe(200);
    expect((await send(t, message, first.access_token)).statusCode).toBe(429);
    const other = await send(t, { ...message, subject: 'from the second' }, second.access_token);
    expect(other.statusCode).toBe(200);
    expect(mail.sent).toHaveLength(21);
    expect(mail.sent.at(-1)?.subject).toBe('from the second');
  });

  it('answers 503 when the mail server cannot be reached', async () => {
    const m = await buildMailTestApp(kind);
    t = m;
    const member = await signUpLeader(m);
    await m.peer.close();
    const res = await send(
      m,
      { to: 'a@troop12.org', subject: 's', text: 't' },
      member.access_token,
    );
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
