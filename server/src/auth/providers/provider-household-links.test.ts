/**
 * A household link (`/?family=`) carried through a provider sign-in, through the real routes and
 * a real OpenID Connect provider: a newcomer joins the troop and that household in any
 * SIGNUP_MODE, as the password sign-up does (auth/create-account.ts); a used or unknown link is
 * refused with the same codes, and no account is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me } from '../../../test/auth.ts';
import { familyToken } from '../../../test/households.ts';
import { createMemoryMailer } from '../../../test/mail.ts';
import {
  APP_ORIGIN,
  PROVIDER,
  newPerson,
  openAuth,
  signInRedirected,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { bearer, serviceKeys } from '../../../test/storage.ts';
import { ensureTestAccount, testStoreKinds } from '../../../test/test-app.ts';

describe.each(testStoreKinds)('a household link through a provider sign-in (%s)', (store) => {
  let rig: ProviderRig;
  let parent: string;
  let scoutId: string;
  beforeAll(async () => {
    rig = await startProviderRig({
      store,
      config: { signupMode: 'invite' },
      deps: { mail: createMemoryMailer(), serviceKeys },
    });
    parent = await bearer(rig.t, 'pat', 'user');
    const added = await households('POST', '/mine/scouts', parent, {
      firstName: 'Robin',
      lastName: 'Avery',
    });
    expect(added.statusCode, added.body).toBe(200);
    scoutId = added.json().scout.id;
  });
  afterAll(async () => rig?.close());

  const households = (method: 'GET' | 'POST', path: string, auth: string, payload?: object) =>
    rig.t.app.inject({
      method,
      url: `/api/households/${rig.t.deps.config.projectId}${path}`,
      headers: { authorization: auth },
      ...(payload ? { payload } : {}),
    });
  const invite = async (body: Record<string, unknown>) => {
    const res = await households('POST', '/mine/invitations', parent, body);
    expect(res.statusCode, res.body).toBe(200);
    return familyToken(res.json().url);
  };
  const accountsWithEmail = async (email: string) =>
    (await rig.t.deps.store.query('SELECT id FROM users WHERE email = ?', [email])).rows;
  const troopEvents = (token: string) =>
    rig.t.app.inject({
      url: `/api/db/${rig.t.deps.config.projectId}/rest/v1/calendar_events`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('an invited adult joins the troop and is an adult of the household', async () => {
    const token = await invite({ kind: 'adult' });
    const spouse = newPerson('spouse');
    const params = await signInRedirected(rig.t, spouse, { family: token });
    const access = params.access_token ?? '';
    expect((await me(rig.t, access)).json().user).toMatchObject({
      email: spouse.email,
      status: 'active',
      emailVerified: true,
    });
    expect((await troopEvents(access)).statusCode).toBe(200);
    const mine = (await households('GET', '/mine', `Bearer ${access}`)).json().household;
    expect(mine).toMatchObject({ role: 'adult', name: 'pat household' });
    expect(mine.adults.map((a: { userId: string }) => a.userId)).toContain('pat');

    // The link is used: a second newcomer is told so, and no account is made.
    const second = newPerson('second');
    expect(await signInRedirected(rig.t, second, { family: token })).toMatchObject({
      error: 'HOUSEHOLD_INVITATION_USED',
    });
    expect(await accountsWithEmail(second.email)).toEqual([]);
  });

  it('an invited scout joins the troop linked to the profile the parent made', async () => {
    const token = await invite({ kind: 'scout', scoutId });
    const robin = newPerson('robin');
    const params = await signInRedirected(rig.t, robin, { family: token });
    const access = params.access_token ?? '';
    const user = (await me(rig.t, access)).json().user;
    expect(user).toMatchObject({ email: robin.email, status: 'active' });
    const { rows } = await rig.t.deps.store.query<{ user_id: string }>(
      'SELECT user_id FROM scouts WHERE id = ?',
      [scoutId],
    );
    expect(rows[0]?.user_id).toBe(user.id);
    const mine = (await households('GET', '/mine', `Bearer ${access}`)).json().household;
    expect(mine).toMatchObject({ role: 'scout', name: 'pat household' });
  });

  it('an existing member signs in as before and leaves the link for the accept dialog', async () => {
    const token = await invite({ kind: 'adult' });
    const member = newPerson('member');
    await ensureTestAccount(rig.t.deps.store, 'sam', 'user', member.email);
    const params = await signInRedirected(rig.t, member, { family: token });
    expect((await me(rig.t, params.access_token ?? '')).json().user.id).toBe('sam');
    const landing = await rig.t.app.inject({
      method: 'POST',
      url: `/api/households/${rig.t.deps.config.projectId}/invitations/landing`,
      payload: { token },
    });
    expect(landing.json()).toMatchObject({ usable: true, used: false });
  });

  it("the hosted page carries the household link into its providers' links", async () => {
    const token = await invite({ kind: 'adult' });
    const page = await openAuth(rig.t, { redirect_url: APP_ORIGIN, family: token });
    expect(page.statusCode).toBe(200);
    const href = /href="(\/auth\?[^"]*provider=[^"]*)"/.exec(page.body)?.[1] ?? '';
    const query = new URLSearchParams(href.replaceAll('&#38;', '&').split('?')[1]);
    expect(query.get('family')).toBe(token);
    expect(query.get('provider')).toBe(PROVIDER);
  });

  it('an unknown or malformed link is refused, and no account is made', async () => {
    const stranger = newPerson('stranger');
    expect(await signInRedirected(rig.t, stranger, { family: 'x'.repeat(43) })).toMatchObject({
      error: 'HOUSEHOLD_INVITATION_INVALID',
    });
    // A token of the wrong shape is refused before the provider is even asked.
    const malformed = await openAuth(rig.t, {
      provider: PROVIDER,
      redirect_url: APP_ORIGIN,
      family: 'not a token',
    });
    expect(malformed.statusCode).toBe(403);
    expect(malformed.body).toContain('HOUSEHOLD_INVITATION_INVALID');
    expect(await accountsWithEmail(stranger.email)).toEqual([]);
  });
});
