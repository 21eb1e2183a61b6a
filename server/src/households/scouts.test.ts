/** A scout's profile as the family form sends it: checked, trimmed, and nothing stored on refusal. */
import { afterEach, describe, expect, it } from 'vitest';
import { householdApp, invitedInto, type HouseholdApp } from '../../test/households.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('scout profiles (%s)', (kind) => {
  let h: HouseholdApp;
  afterEach(async () => h?.t.close());

  const scouts = async () => (await h.t.deps.store.query('SELECT id FROM scouts')).rows.length;

  it('adds, edits and removes a scout with no email and no account', async () => {
    h = await householdApp(kind);
    const pat = await h.as('pat');
    const year = new Date(h.t.clock.now()).getUTCFullYear();
    const added = await h.call('POST', '/mine/scouts', pat, {
      firstName: '  Robin ',
      lastName: 'Avery',
      patrol: ' ',
      birthYear: year - 11,
      notes: 'Needs an inhaler',
    });
    expect(added.statusCode).toBe(200);
    const scout = added.json().scout;
    expect(scout).toMatchObject({
      firstName: 'Robin',
      lastName: 'Avery',
      patrol: null,
      birthYear: year - 11,
      notes: 'Needs an inhaler',
      hasAccount: false,
    });
    const edited = await h.call('PATCH', `/mine/scouts/${scout.id}`, pat, {
      patrol: 'Owls',
      notes: null,
    });
    expect(edited.json().scout).toMatchObject({ firstName: 'Robin', patrol: 'Owls', notes: null });
    expect((await h.call('DELETE', `/mine/scouts/${scout.id}`, pat)).statusCode).toBe(200);
    expect(await scouts()).toBe(0);
  });

  it('refuses bad fields with words for the form, storing nothing', async () => {
    h = await householdApp(kind);
    const pat = await h.as('pat');
    const year = new Date(h.t.clock.now()).getUTCFullYear();
    const refused = async (body: unknown, message: RegExp) => {
      const res = await h.call('POST', '/mine/scouts', pat, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.json().message).toMatch(message);
    };
    await refused({ firstName: ' ', lastName: 'Avery' }, /^First name is required$/);
    await refused({ firstName: 'Robin' }, /lastName/);
    await refused({ firstName: 'R'.repeat(101), lastName: 'A' }, /at most 100 characters/);
    await refused(
      { firstName: 'Robin', lastName: 'Avery', birthYear: year + 1 },
      /Birth year must be between/,
    );
    await refused({ firstName: 'Robin', lastName: 'Avery', birthYear: 'soon' }, /birthYear/);
    await refused({ firstName: 'Robin', lastName: 'Avery', notes: 'x'.repeat(1001) }, /Notes/);
    expect(await scouts()).toBe(0);
    const ok = await h.call('POST', '/mine/scouts', pat, { firstName: 'Robin', lastName: 'A' });
    const id = ok.json().scout.id;
    const blank = await h.call('PATCH', `/mine/scouts/${id}`, pat, { firstName: '' });
    expect(blank.statusCode).toBe(400);
    expect((await h.call('GET', '/mine', pat)).json().household.scouts[0].firstName).toBe('Robin');
  });

  it('holds a household to its number of scouts, also when two adults add the last at once', async () => {
    h = await householdApp(kind);
    const pat = await h.as('pat');
    const other = await h.as('other');
    await invitedInto(h, pat, other);
    for (let i = 0; i < 19; i++)
      await h.call('POST', '/mine/scouts', pat, { firstName: `S${i}`, lastName: 'A' });
    const last = await Promise.all([
      h.call('POST', '/mine/scouts', pat, { firstName: 'Last', lastName: 'Pat' }),
      h.call('POST', '/mine/scouts', other, { firstName: 'Last', lastName: 'Other' }),
    ]);
    expect(last.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(last.find((r) => r.statusCode === 409)?.json().code).toBe('HOUSEHOLD_FULL');
    expect(await scouts()).toBe(20);
  });
});
