/**
 * A first sign-in with a provider follows the troop's joining policy (SIGNUP_MODE,
 * docs/operations.md, Who may join) through the real routes and a real OpenID Connect
 * provider: in `approval` the new account waits for a leader; in `invite` it needs the
 * invitation carried from `/auth?invitation=`. An account that exists signs in as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, me } from '../../../test/auth.ts';
import {
  APP_ORIGIN,
  PROVIDER,
  newPerson,
  openAuth,
  signInRedirected,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { bearer as roleToken } from '../../../test/storage.ts';
import { ensureTestAccount, embeddedStore } from '../../../test/test-app.ts';

const accountsWithEmail = async (rig: ProviderRig, email: string) =>
  (await rig.t.deps.store.query('SELECT id, status FROM users WHERE email = ?', [email])).rows;

const troopEvents = (rig: ProviderRig, token: string) =>
  rig.t.app.inject({
    url: `/api/db/${rig.t.deps.config.projectId}/rest/v1/calendar_events`,
    headers: bearer(token),
  });

describe.each(embeddedStore)('a first provider sign-in, SIGNUP_MODE=approval (%s)', (store) => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ store, config: { signupMode: 'approval' } });
  });
  afterAll(async () => rig?.close());

  it('makes an account that waits for a leader, and reaches only its profile', async () => {
    const newcomer = newPerson('newcomer');
    const params = await signInRedirected(rig.t, newcomer);
    const token = params.access_token ?? '';
    expect((await me(rig.t, token)).json().user).toMatchObject({
      email: newcomer.email,
      status: 'pending',
    });
    const events = await troopEvents(rig, token);
    expect(`${events.statusCode} ${events.json().code}`).toBe('403 ACCOUNT_PENDING');

    // The leader sees who waits and how they came.
    const leader = await roleToken(rig.t, 'lee', 'leader');
    const pid = rig.t.deps.config.projectId;
    const list = await rig.t.app.inject({
      url: `/api/members/${pid}`,
      headers: { authorization: leader },
    });
    const [waiting] = await accountsWithEmail(rig, newcomer.email);
    expect(list.json().members.find((m: { id: string }) => m.id === waiting?.id)).toMatchObject({
      status: 'pending',
    });
    const { rows } = await rig.t.deps.store.query<{ details: string }>(
      `SELECT details FROM audit_log WHERE action = 'member.waiting' AND target_id = ?`,
      [waiting?.id],
    );
    expect(JSON.parse(rows[0]?.details ?? '{}')).toMatchObject({ via: PROVIDER });
  });

  it('signs an existing member in as before', async () => {
    const member = newPerson('member');
    await ensureTestAccount(rig.t.deps.store, 'pat', 'user', member.email);
    const params = await signInRedirected(rig.t, member);
    expect((await me(rig.t, params.access_token ?? '')).json().user).toMatchObject({
      id: 'pat',
      status: 'active',
    });
    expect((await troopEvents(rig, params.access_token ?? '')).statusCode).toBe(200);
  });
});

describe.each(embeddedStore)('a first provider sign-in, SIGNUP_MODE=invite (%s)', (store) => {
  let rig: ProviderRig;
  let leader: string;
  beforeAll(async () => {
    rig = await startProviderRig({ store, config: { signupMode: 'invite' } });
    leader = await roleToken(rig.t, 'lee', 'leader');
  });
  afterAll(async () => rig?.close());

  const invite = async (body: Record<string, unknown> = {}) => {
    const res = await rig.t.app.inject({
      method: 'POST',
      url: `/api/members/${rig.t.deps.config.projectId}/invitations`,
      headers: { authorization: leader },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const token = new URL(res.json().url).searchParams.get('invite') ?? '';
    return { token, id: res.json().invitation.id as string };
  };
  const usesOf = async (id: string) => {
    const res = await rig.t.app.inject({
      url: `/api/members/${rig.t.deps.config.projectId}/invitations`,
      headers: { authorization: leader },
    });
    return res.json().invitations.find((i: { id: string }) => i.id === id)?.uses;
  };

  it('without an invitation: refused with INVITATION_REQUIRED, and no account is made', async () => {
    const stranger = newPerson('stranger');
    const params = await signInRedirected(rig.t, stranger);
    expect(params).toMatchObject({
      error: 'INVITATION_REQUIRED',
      error_description:
        'This troop joins by invitation. Ask a leader of the troop for an invitation link.',
    });
    expect(params.access_token).toBeUndefined();
    expect(await accountsWithEmail(rig, stranger.email)).toEqual([]);
  });

  it('with an invitation carried from /auth: the invited parent joins, and the link is used', async () => {
    const link = await invite();
    const parent = newPerson('parent');
    const params = await signInRedirected(rig.t, parent, { invitation: link.token });
    expect((await me(rig.t, params.access_token ?? '')).json().user).toMatchObject({
      email: parent.email,
      status: 'active',
    });
    expect((await troopEvents(rig, params.access_token ?? '')).statusCode).toBe(200);
    expect(await usesOf(link.id)).toBe(1);

    // Used up: a second newcomer with the same link is refused.
    const second = newPerson('second');
    expect(await signInRedirected(rig.t, second, { invitation: link.token })).toMatchObject({
      error: 'INVITATION_INVALID',
    });
    expect(await accountsWithEmail(rig, second.email)).toEqual([]);
    // A token never issued names no invitation.
    expect(await signInRedirected(rig.t, second, { invitation: 'x'.repeat(43) })).toMatchObject({
      error: 'INVITATION_INVALID',
    });
  });

  it('an invitation for one person serves only the email the provider vouches for', async () => {
    const kim = newPerson('kim');
    const link = await invite({ email: kim.email });
    const other = newPerson('other');
    expect(await signInRedirected(rig.t, other, { invitation: link.token })).toMatchObject({
      error: 'INVITATION_INVALID',
      error_description: 'This invitation was sent to another email address: sign up with it.',
    });
    const params = await signInRedirected(rig.t, kim, { invitation: link.token });
    expect((await me(rig.t, params.access_token ?? '')).json().user.status).toBe('active');
  });

  it('signs an existing member in without an invitation, and leaves one carried unused', async () => {
    const member = newPerson('member');
    await ensureTestAccount(rig.t.deps.store, 'sam', 'user', member.email);
    const first = await signInRedirected(rig.t, member);
    expect((await me(rig.t, first.access_token ?? '')).json().user.id).toBe('sam');
    const link = await invite();
    const again = await signInRedirected(rig.t, member, { invitation: link.token });
    expect((await me(rig.t, again.access_token ?? '')).json().user.id).toBe('sam');
    expect(await usesOf(link.id)).toBe(0);
  });

  it("the hosted page carries the invitation into its providers' links", async () => {
    const link = await invite();
    const page = await openAuth(rig.t, { redirect_url: APP_ORIGIN, invitation: link.token });
    expect(page.statusCode).toBe(200);
    const href = /href="(\/auth\?[^"]*provider=[^"]*)"/.exec(page.body)?.[1] ?? '';
    const query = new URLSearchParams(href.replaceAll('&#38;', '&').split('?')[1]);
    expect(query.get('invitation')).toBe(link.token);
    expect(query.get('provider')).toBe(PROVIDER);

    const malformed = await openAuth(rig.t, {
      provider: PROVIDER,
      redirect_url: APP_ORIGIN,
      invitation: 'not a token',
    });
    expect(malformed.statusCode).toBe(403);
    expect(malformed.body).toContain('INVITATION_INVALID');
  });
});
