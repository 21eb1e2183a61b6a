/**
 * What an invitation vouches for beyond its troop (migration 045): an invitation that went by
 * mail to the one address it names proves that address, so the person who signs up with its
 * link is not asked to verify it; one whose link was only shown proves nothing. And one that
 * gives a role (a troop's first leader, troops/create-troop.ts) lets its person in with that role
 * at once, in a troop that otherwise waits for approval, and is theirs alone.
 */
import { describe, expect, it } from 'vitest';
import { nextAddress, PASSWORD } from '../../test/auth.ts';
import { bearer as leaderToken } from '../../test/storage.ts';
import { embeddedStore, sharedTestApp, type TestApp } from '../../test/test-app.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { createInvitation } from './invitations.ts';

let n = 0;
const address = () => `invitee${++n}.${Date.now().toString(36)}@troop12.org`;

const signUp = (t: TestApp, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: nextAddress(),
    payload: { email: address(), password: PASSWORD, projectId: t.deps.config.projectId, ...body },
  });

const tokenOf = (url: string) => new URL(url).searchParams.get('invite') ?? '';

describe.each(embeddedStore)('an invitation sent by mail (%s)', (kind) => {
  const t = sharedTestApp({ store: kind, config: { signupMode: 'invite' } });

  const invite = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/members/${t.deps.config.projectId}/invitations`,
      headers: { authorization: await leaderToken(t, 'lee', 'leader') },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ url: string; invitation: { mailedAt: string | null } }>();
  };

  it('proves the address it went to; a link only shown does not', async () => {
    const mailedTo = address();
    const mailed = await invite({ email: mailedTo, send: true });
    expect(mailed.invitation.mailedAt).not.toBeNull();
    const shownTo = address();
    const shown = await invite({ email: shownTo });
    expect(shown.invitation.mailedAt).toBeNull();

    const fromMail = await signUp(t, { email: mailedTo, invitation: tokenOf(mailed.url) });
    expect(fromMail.json().user).toMatchObject({ status: 'active', emailVerified: true });
    const fromLink = await signUp(t, { email: shownTo, invitation: tokenOf(shown.url) });
    expect(fromLink.json().user).toMatchObject({ status: 'active', emailVerified: false });
  });
});

describe.each(embeddedStore)('an invitation that gives a role (%s)', (kind) => {
  const t = sharedTestApp({ store: kind, config: { signupMode: 'approval' } });

  it('lets its one person in at once with that role, in a troop that waits for approval', async () => {
    const leaderAddress = address();
    const made = await createInvitation(
      t.deps,
      null,
      { email: leaderAddress, role: 'leader' },
      FIRST_TROOP_ID,
    );
    expect(made.invitation.role).toBe('leader');

    const someoneElse = await signUp(t, { invitation: tokenOf(made.url) });
    expect(someoneElse.json().code).toBe('INVITATION_INVALID');
    const joined = await signUp(t, { email: leaderAddress, invitation: tokenOf(made.url) });
    expect(joined.statusCode).toBe(200);
    const session = joined.json<{ access_token: string; user: { status: string } }>();
    expect(session.user.status).toBe('active');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.json().user.role).toBe('leader');
    // Spent: the link lets nobody else in with the role, not even as a newcomer who waits.
    const again = await signUp(t, { email: address(), invitation: tokenOf(made.url) });
    expect(again.json().code).toBe('INVITATION_INVALID');

    // Without an invitation, a newcomer still waits, with the usual role.
    const newcomer = await signUp(t, {});
    expect(newcomer.json().user.status).toBe('pending');
  });
});
