/**
 * A scout's "no photos of me" and "may post" (scouts.no_photos, scouts.may_post): the
 * household's adults set them when adding or changing the scout; the scout's own account and
 * leaders read them; nobody else changes them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdApp, matrixTroop, type HouseholdApp } from '../../test/households.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)("a scout's photo and posting choices (%s)", (kind) => {
  let h: HouseholdApp;
  let auth: Awaited<ReturnType<typeof matrixTroop>>['auth'];
  let scoutA: string;

  const flags = async (id: string) => {
    const { rows } = await h.t.deps.store.query<{ no_photos: unknown; may_post: unknown }>(
      'SELECT no_photos, may_post FROM scouts WHERE id = ?',
      [id],
    );
    return rows[0];
  };
  const leaderView = async (id: string) =>
    (await h.call('GET', '/scouts', auth.leader))
      .json()
      .scouts.find((s: { id: string }) => s.id === id);

  beforeAll(async () => {
    h = await householdApp(kind);
    ({ auth, scoutA } = await matrixTroop(h, { firstName: 'Robin', lastName: 'Avery' }));
  });
  afterAll(async () => h?.t.close());

  it('a new scout may not post and may be photographed until the family says otherwise', async () => {
    const added = await h.call('POST', '/mine/scouts', auth.parentB, {
      firstName: 'Kit',
      lastName: 'Brook',
    });
    expect(added.json().scout).toMatchObject({ noPhotos: false, mayPost: false });
    const chosen = await h.call('POST', '/mine/scouts', auth.parentB, {
      firstName: 'Lee',
      lastName: 'Brook',
      noPhotos: true,
      mayPost: true,
    });
    expect(chosen.statusCode).toBe(200);
    const id = chosen.json().scout.id as string;
    expect(chosen.json().scout).toMatchObject({ noPhotos: true, mayPost: true });
    expect(await leaderView(id)).toMatchObject({ noPhotos: true, mayPost: true });
  });

  it('an adult of the household changes either alone; the other and the details stay', async () => {
    const on = await h.call('PATCH', `/mine/scouts/${scoutA}`, auth.coParentA, { mayPost: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().scout).toMatchObject({ firstName: 'Robin', noPhotos: false, mayPost: true });
    const photos = await h.call('PATCH', `/mine/scouts/${scoutA}`, auth.parentA, {
      noPhotos: true,
    });
    expect(photos.json().scout).toMatchObject({ noPhotos: true, mayPost: true });
    const mine = (await h.call('GET', '/mine', auth.parentA)).json().household;
    expect(mine.scouts[0]).toMatchObject({ noPhotos: true, mayPost: true });
    expect(await leaderView(scoutA)).toMatchObject({ noPhotos: true, mayPost: true });
    const off = await h.call('PATCH', `/mine/scouts/${scoutA}`, auth.parentA, {
      noPhotos: false,
      mayPost: false,
    });
    expect(off.json().scout).toMatchObject({ noPhotos: false, mayPost: false });
  });

  it('the scout reads both and changes neither; another family and a leader change neither', async () => {
    await h.call('PATCH', `/mine/scouts/${scoutA}`, auth.parentA, { noPhotos: true });
    const before = await flags(scoutA);
    const own = (await h.call('GET', '/mine', auth.scoutA)).json().household;
    expect(own.scouts[0]).toMatchObject({ id: scoutA, noPhotos: true, mayPost: false });
    const bySelf = await h.call('PATCH', `/mine/scouts/${scoutA}`, auth.scoutA, {
      mayPost: true,
      noPhotos: false,
    });
    expect(bySelf.statusCode).toBe(403);
    expect(bySelf.json().code).toBe('HOUSEHOLD_ADULTS_ONLY');
    for (const actor of ['parentB', 'leader', 'member'] as const) {
      const res = await h.call('PATCH', `/mine/scouts/${scoutA}`, auth[actor], { mayPost: true });
      expect(res.statusCode, actor).toBe(404);
    }
    expect(await flags(scoutA)).toEqual(before);
    expect(await leaderView(scoutA)).toMatchObject({ noPhotos: true, mayPost: false });
  });

  it('refuses a choice that is not true or false, with words, changing nothing', async () => {
    const before = await flags(scoutA);
    for (const body of [{ mayPost: 'yes' }, { noPhotos: 1 }, { mayPost: null }]) {
      const res = await h.call('PATCH', `/mine/scouts/${scoutA}`, auth.parentA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/mayPost|noPhotos/);
    }
    expect(await flags(scoutA)).toEqual(before);
  });
});
