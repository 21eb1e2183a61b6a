/**
 * Who a member may answer for: a parent for themself and their household's scouts, a scout with
 * an account for themself under the scout's profile, nobody for another family's scouts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  familyWithScout,
  householdApp,
  invitedInto,
  type HouseholdApp,
} from '../../test/households.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { answerableAttendees } from './answerable.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

describe.each(testStoreKinds)('answerableAttendees (%s)', (kind) => {
  let h: HouseholdApp;
  afterEach(async () => h?.t.close());

  const keys = async (userId: string) =>
    (await answerableAttendees(h.t.deps.store, FIRST_TROOP_ID, userId)).map((a) => a.attendee);

  it('a parent answers for themself and the household’s scouts; a stranger’s never appear', async () => {
    h = await householdApp(kind);
    const pat = await h.as('pat');
    const other = await h.as('other');
    const stranger = await h.as('stranger');
    const robin = await familyWithScout(h, pat, { firstName: 'Robin', lastName: 'Avery' });
    const ada = await familyWithScout(h, pat, { firstName: 'Ada', lastName: 'Avery' });
    const lee = await familyWithScout(h, stranger, { firstName: 'Lee', lastName: 'Stone' });
    await invitedInto(h, pat, other);

    const people = await answerableAttendees(h.t.deps.store, FIRST_TROOP_ID, 'pat');
    expect(people.map((p) => p.attendee)).toEqual(['user:pat', `scout:${ada}`, `scout:${robin}`]);
    expect(people[0]).toMatchObject({ userId: 'pat', youth: false, name: 'pat' });
    expect(people[1]).toMatchObject({ scoutId: ada, youth: true, name: 'Ada Avery' });
    expect(people.every((p) => p.householdId === people[0]?.householdId)).toBe(true);
    // The other parent, invited in, answers for the same scouts.
    expect(await keys('other')).toEqual(['user:other', `scout:${ada}`, `scout:${robin}`]);
    expect(await keys('stranger')).toEqual(['user:stranger', `scout:${lee}`]);
    expect(await keys('pat')).not.toContain(`scout:${lee}`);
  });

  it('a scout with an account answers for themself as the scout, and for nobody else', async () => {
    h = await householdApp(kind);
    const pat = await h.as('pat');
    const robinAccount = await h.as('robin');
    const robin = await familyWithScout(h, pat, { firstName: 'Robin', lastName: 'Avery' });
    await familyWithScout(h, pat, { firstName: 'Ada', lastName: 'Avery' });
    await invitedInto(h, pat, robinAccount, { kind: 'scout', scoutId: robin });
    const people = await answerableAttendees(h.t.deps.store, FIRST_TROOP_ID, 'robin');
    expect(people).toEqual([
      {
        attendee: `scout:${robin}`,
        userId: 'robin',
        scoutId: robin,
        householdId: expect.any(String),
        youth: true,
        name: 'Robin Avery',
      },
    ]);
  });

  it('a member without a household answers for themself alone', async () => {
    h = await householdApp(kind);
    await h.as('solo');
    expect(await answerableAttendees(h.t.deps.store, FIRST_TROOP_ID, 'solo')).toEqual([
      {
        attendee: 'user:solo',
        userId: 'solo',
        scoutId: null,
        householdId: null,
        youth: false,
        name: 'solo',
      },
    ]);
  });
});
