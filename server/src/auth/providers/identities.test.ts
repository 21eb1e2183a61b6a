import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/auth.ts';
import {
  PROVIDER,
  providerSignIn,
  redirectParams,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { embeddedStore } from '../../../test/test-app.ts';

describe.each(embeddedStore)('linked sign-in methods (%s)', (store) => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ store });
  });
  afterAll(async () => rig?.close());

  const list = (token: string) =>
    rig.t.app.inject({ url: '/api/auth/identities', headers: bearer(token) });
  const unlink = (token: string, id: string) =>
    rig.t.app.inject({
      method: 'DELETE',
      url: `/api/auth/identities/${id}`,
      headers: bearer(token),
    });
  const viaProvider = async (email: string) => {
    const { answer } = await providerSignIn(rig.t, { mode: 'redirect' }, { email });
    return redirectParams(answer.headers.location).access_token ?? '';
  };

  it('the only way to sign in cannot be unlinked', async () => {
    const token = await viaProvider('only-provider@troop214.example');
    const methods = (await list(token)).json();
    expect(methods).toMatchObject({ hasPassword: false, identities: [{ provider: PROVIDER }] });
    const refused = await unlink(token, methods.identities[0].id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      error: 'This is your only way to sign in. Set a password or link another account first.',
    });
    expect((await list(token)).json().identities).toHaveLength(1);
  });

  it('a provider is unlinked while a password remains', async () => {
    const account = await signUp(rig.t, { email: 'both@troop214.example' });
    await viaProvider('both@troop214.example');
    const methods = (await list(account.access_token)).json();
    expect(methods).toMatchObject({ hasPassword: true, identities: [{ provider: PROVIDER }] });
    const res = await unlink(account.access_token, methods.identities[0].id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await list(account.access_token)).json().identities).toEqual([]);
  });

  it("another member's identity is not the caller's to unlink", async () => {
    const owner = await viaProvider('owner@troop214.example');
    const id = (await list(owner)).json().identities[0].id;
    const stranger = await signUp(rig.t);
    expect((await unlink(stranger.access_token, id)).statusCode).toBe(404);
    expect((await list(owner)).json().identities).toHaveLength(1);
  });

  it('needs a signed-in member', async () => {
    const res = await rig.t.app.inject({ url: '/api/auth/identities' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});
