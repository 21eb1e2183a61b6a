/**
 * Links and sign-in answers name the troop they were asked for (docs/decisions/065-troops.md):
 * a link's `projectId` is the request's troop's, a session's `pid` the troop it was signed in
 * to, and a troop's admin generates links only for members of that troop and of no other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { bearer, nextAddress, PASSWORD, signUp } from '../../test/auth.ts';
import { addTroop, giveMembership } from '../../test/members.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

const A = 'troop-12';
const B = 'troop-45';

describe.each(testStoreKinds)('links and sessions per troop (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const generate = (app: TestApp, projectId: string, token: string, email: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/signin/magic/generate',
      headers: bearer(token),
      payload: { email, projectId },
    });

  it('a troop’s admin makes links to that troop for its own members only', async () => {
    t = await buildTestApp({ store: kind, config: { projectId: A } });
    await addTroop(t, { id: 't45', projectId: B, number: '45' });
    const chris = await signUp(t, { email: 'chris@troop45.org', metadata: { troopNumber: '45' } });
    await giveMembership(t, chris.user.id, 't45', 'admin');
    await signUp(t, { email: 'kim@troop45.org', metadata: { troopNumber: '45' } });
    const pat = await signUp(t, { email: 'pat@troop12.org' });
    await giveMembership(t, pat.user.id, 't45', 'user');

    const forKim = await generate(t, B, chris.access_token, 'kim@troop45.org');
    expect(forKim.statusCode).toBe(200);
    expect(
      new URL(forKim.json<{ magicUrl: string }>().magicUrl).searchParams.get('projectId'),
    ).toBe(B);
    // Pat belongs to troop 12 too: troop 45's admin cannot sign them in anywhere.
    const forPat = await generate(t, B, chris.access_token, 'pat@troop12.org');
    expect(forPat.statusCode).toBe(404);
    expect(forPat.json()).toMatchObject({ code: 'USER_NOT_FOUND' });

    // The link signs Kim in to troop 45, where Kim belongs.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin/magic/verify',
      remoteAddress: nextAddress(),
      payload: { token: forKim.json<{ token: string }>().token, projectId: B },
    });
    expect(verified.statusCode).toBe(200);
    expect(decodeJwt(verified.json<{ access_token: string }>().access_token).pid).toBe(B);
  });

  it('a sign-in without a project id is signed in to the account’s own troop', async () => {
    t = await buildTestApp({ store: kind, config: { projectId: A } });
    await addTroop(t, { id: 't45', projectId: B, number: '45' });
    await signUp(t, { email: 'kim@troop45.org', metadata: { troopNumber: '45' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin/email',
      remoteAddress: nextAddress(),
      payload: { email: 'kim@troop45.org', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const session = res.json<{ access_token: string; refresh_token: string }>();
    expect(decodeJwt(session.access_token).pid).toBe(B);
    // /me with no project id answers for that troop; a refresh stays there.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      remoteAddress: nextAddress(),
      payload: { refreshToken: session.refresh_token },
    });
    expect(decodeJwt(refreshed.json<{ access_token: string }>().access_token).pid).toBe(B);
  });
});
