/**
 * Sign-up sheets through the packed SDK against the real server: the contract of taking and
 * giving back a place as an app calls it. Two adults take the last place at the same moment:
 * one gets it, the other a VOLUNTEER_SLOT_FULL ScoutError; the place given back is free again.
 */
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { admin } from '../support/accounts.ts';
import { usePackedSdk } from '../support/packed-sdk.ts';

const sdk = usePackedSdk();

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function adult(first: string) {
  const client = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  const user = await client.auth.signUp({
    email: `${first.toLowerCase()}.${stamp()}@troop214.example`,
    password: 'campfire-2026',
    displayName: `${first} Driver`,
  });
  return { client, user };
}

test('take and give back through the SDK: the last place to one of two adults at once', async () => {
  const leader = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  await leader.auth.signInWithEmail(admin.email, admin.password);
  const event = await leader.db.table('calendarEvents').create({
    eventName: `Campout ${stamp()}`,
    eventDate: '2031-05-16',
    eventTime: '17:00',
  });
  const slot = await leader.volunteer.addSlot(String(event.id), {
    title: 'Driver to camp',
    kind: 'driver',
    people: 1,
    seats: 3,
  });
  expect(slot).toMatchObject({ kind: 'driver', seats: 3, placesLeft: 1, full: false });

  const [casey, drew] = [await adult('Casey'), await adult('Drew')];
  const tries = await Promise.allSettled([
    casey.client.volunteer.take(slot.id),
    drew.client.volunteer.take(slot.id),
  ]);
  const won = tries.filter((r) => r.status === 'fulfilled');
  const lost = tries.filter((r) => r.status === 'rejected');
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  const refusal = (lost[0] as PromiseRejectedResult).reason as InstanceType<typeof sdk.ScoutError>;
  expect(refusal).toBeInstanceOf(sdk.ScoutError);
  expect(refusal).toMatchObject({ status: 409, code: 'VOLUNTEER_SLOT_FULL' });

  const winner = tries[0]!.status === 'fulfilled' ? casey : drew;
  const other = winner === casey ? drew : casey;
  const sheet = (
    won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof winner.client.volunteer.take>>>
  ).value;
  expect(sheet.slots[0]).toMatchObject({ full: true, placesLeft: 0 });
  expect(sheet.slots[0]!.places).toEqual([
    expect.objectContaining({ name: `${winner === casey ? 'Casey' : 'Drew'} Driver`, mine: true }),
  ]);
  expect(sheet.seats).toMatchObject({ drivers: 1, seatsOffered: 3 });

  const back = await winner.client.volunteer.giveBack(slot.id);
  expect(back.late).toBe(false);
  expect(back.sheet.slots[0]).toMatchObject({ places: [], placesLeft: 1 });
  const mine = await other.client.volunteer.take(slot.id);
  expect(mine.slots[0]!.places.map((p) => p.mine)).toEqual([true]);
  const commitments = await other.client.volunteer.mine({ from: '2031-05-01', to: '2031-05-31' });
  expect(commitments.commitments.map((c) => c.slotId)).toEqual([slot.id]);
  await expect(winner.client.volunteer.giveBack(slot.id)).rejects.toMatchObject({
    status: 404,
    code: 'NOT_FOUND',
  });
});
