/**
 * Records, files and mail through the packed SDK, called the way existing troop apps call them:
 * a table as a camelCase property of `db` and every table method, operator SQL in one batch,
 * `storage.remove` with several paths as several arguments, and `notifications.email`.
 */
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { admin } from '../support/accounts.ts';
import { mailsTo } from '../support/mailbox.ts';
import { usePackedSdk } from '../support/packed-sdk.ts';

const sdk = usePackedSdk();

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The app's own tables, declared, so `db.patrolGearLoans` is typed even under strict indexing. */
interface Tables {
  patrolGearLoans: { id?: string; patrolName: string; gearItem: string; quantityOut: number };
  campDuties: { id?: string; patrol: string; duty: string; done?: boolean };
}

async function member() {
  const client = sdk.createClient<Tables>({ projectId: 'scout-troop', baseUrl: baseURL });
  const user = await client.auth.signUp({
    email: `records.${stamp()}@troop214.example`,
    password: 'campfire-2026',
    displayName: 'Casey Brooks',
  });
  return { client, user };
}

test('db.<camelCaseTable> is the snake_case table, its fields camelCase both ways', async () => {
  const { client } = await member();
  const patrol = `Eagles ${stamp()}`;
  const loans = client.db.patrolGearLoans;
  const tent = await loans.create({ patrolName: patrol, gearItem: 'Tent', quantityOut: 2 });
  await client.db.patrolGearLoans.createMany([
    { patrolName: patrol, gearItem: 'Stove', quantityOut: 1 },
  ]);
  expect(tent).toMatchObject({ patrolName: patrol, gearItem: 'Tent', quantityOut: 2 });

  // The same rows by the table's stored name, filtered and ordered by camelCase fields.
  const bySnake = await client.db.table('patrol_gear_loans').list({
    where: { patrolName: patrol },
    orderBy: { gearItem: 'asc' },
  });
  expect(bySnake.map((r) => r.gearItem)).toEqual(['Stove', 'Tent']);
  expect(await loans.count({ where: { patrolName: patrol } })).toBe(2);
  await loans.update(String(tent.id), { quantityOut: 3 });
  expect((await loans.get(String(tent.id)))?.quantityOut).toBe(3);
  await loans.delete(String(tent.id));
  expect(await loans.exists({ where: { id: String(tent.id) } })).toBe(false);
});

test('storage.remove takes one path, several paths as arguments, or a list', async () => {
  const { client, user } = await member();
  const path = (name: string) => `users/${user.id}/${name}`;
  const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt'];
  for (const name of names)
    await client.storage.upload(new TextEncoder().encode(`packing list ${name}`), path(name));

  expect(await client.storage.remove(path('a.txt'), path('b.txt'))).toEqual({
    removed: [path('a.txt'), path('b.txt')],
  });
  await expect(client.storage.download(path('a.txt'))).rejects.toMatchObject({ status: 404 });
  await expect(client.storage.download(path('b.txt'))).rejects.toMatchObject({ status: 404 });
  expect((await client.storage.download(path('c.txt'))).size).toBeGreaterThan(0);

  expect(await client.storage.remove([path('c.txt')])).toEqual({ removed: [path('c.txt')] });
  expect(await client.storage.remove(path('d.txt'))).toEqual({ removed: [path('d.txt')] });
  await expect(client.storage.download(path('d.txt'))).rejects.toMatchObject({ status: 404 });
});

test('upsert, upsertMany, updateMany and deleteMany; batch runs an admin’s statements together', async () => {
  const { client } = await member();
  const patrol = `Hawks ${stamp()}`;
  const duties = client.db.campDuties;
  const [cook, water] = await duties.upsertMany([
    { id: `cook-${patrol}`, patrol, duty: 'Cook' },
    { id: `water-${patrol}`, patrol, duty: 'Water' },
  ]);
  // The same id again changes the record rather than adding one.
  await duties.upsert({ id: `cook-${patrol}`, patrol, duty: 'Cook breakfast' });
  expect(await duties.count({ where: { patrol } })).toBe(2);
  await duties.updateMany([
    { id: String(cook?.id), done: true },
    { id: String(water?.id), done: true },
  ]);
  const rows = await duties.list({ where: { patrol }, orderBy: { duty: 'asc' } });
  expect(rows.map((r) => [r.duty, Boolean(r.done)])).toEqual([
    ['Cook breakfast', true],
    ['Water', true],
  ]);
  await duties.deleteMany({ where: { patrol } });
  expect(await duties.exists({ where: { patrol } })).toBe(false);

  const operator = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  await operator.auth.signInWithEmail(admin.email, admin.password);
  const result = await operator.db.batch(
    [
      { sql: 'SELECT count(*) AS n FROM camp_duties WHERE patrol = ?', args: [patrol] },
      { sql: 'SELECT 1 + 1 AS two' },
    ],
    'read',
  );
  expect(result.success).toBe(true);
  expect(result.results.map((r) => r.rows[0])).toEqual([{ n: 0 }, { two: 2 }]);
  await expect(client.db.batch([{ sql: 'SELECT 1' }])).rejects.toMatchObject({ status: 403 });
});

test('notifications.email sends a leader’s mail, and refuses a member', async ({ request }) => {
  const leader = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  await leader.auth.signInWithEmail(admin.email, admin.password);
  const to = `parents.${stamp()}@troop214.example`;
  const sent = await leader.notifications.email({
    to,
    subject: 'Campout on Friday',
    text: 'Bring a tent and a flashlight.',
  });
  expect(sent.success).toBe(true);
  await expect
    .poll(async () => (await mailsTo(request, to)).map((m) => m.subject))
    .toEqual(['Campout on Friday']);
  expect((await mailsTo(request, to))[0]?.text).toContain('Bring a tent and a flashlight.');

  const { client } = await member();
  await expect(
    client.notifications.email({ to, subject: 'Hi', text: 'Hello' }),
  ).rejects.toMatchObject({ kind: 'notifications', status: 403 });
});
