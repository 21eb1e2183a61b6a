/**
 * A scout who joined with an invitation link waits for a leader; once the leader refuses the
 * account, its password signs in no more, answered as for an address that never had an account.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { signIn, signUp } from '../../test/auth.ts';
import { memberAction } from '../../test/members.ts';
import { bearer as leaderToken } from '../../test/storage.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

describe.each(embeddedStore)('a refused account (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /** A link for many people, made by a leader, as the Members screen makes it. */
  async function invitation(leader: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/members/${t.deps.config.projectId}/invitations`,
      headers: { authorization: leader },
      payload: { maxUses: 10 },
    });
    expect(res.statusCode).toBe(200);
    return new URL(res.json<{ url: string }>().url).searchParams.get('invite') ?? '';
  }

  it('signs in no more, and is told what an unknown address is told', async () => {
    t = await buildTestApp({ store: kind, config: { signupMode: 'invite' } });
    const leader = await leaderToken(t, 'lee', 'leader');
    const invite = await invitation(leader);
    const scout = (waiting: string): Promise<SessionResponse> =>
      signUp(t, {
        email: `${waiting}@troop12.org`,
        displayName: `${waiting} Scout`,
        metadata: { firstName: waiting, troopRole: 'Scout' },
        invitation: invite,
      });
    const sam = await scout('sam');
    const ria = await scout('ria');
    // Waiting for a leader, a scout may still sign in (to the waiting screen).
    expect((await signIn(t, sam.user.email)).statusCode).toBe(200);

    expect((await memberAction(t, leader, sam.user.id, 'refuse')).statusCode).toBe(200);
    expect((await memberAction(t, leader, ria.user.id, 'approve')).statusCode).toBe(200);

    const refused = await signIn(t, sam.user.email);
    const unknown = await signIn(t, 'nobody@troop12.org');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(unknown.json());
    // The one let in signs in as before.
    expect((await signIn(t, ria.user.email)).statusCode).toBe(200);
  });
});
