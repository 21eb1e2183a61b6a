/**
 * What the profile screen's Save leaves in the database (web/src/screens/profile/profile-actions.ts):
 * PATCH /me with the names and troop, then the merged metadata copied to the member's `users` row
 * and upserted into their `custom_users` row. A client reading those tables through the Data API
 * finds the new names, once, in columns and in metadata.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { bearer, signUp } from '../../test/auth.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { callRest } from '../../test/rest.ts';

const UPSERT = 'return=representation,resolution=merge-duplicates';

describe.each(testStoreKinds)('a saved profile in the tables (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /** The requests the profile screen's Save makes, in its order. */
  async function saveProfile(member: SessionResponse, fields: Record<string, string>) {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(member.access_token),
      payload: {
        displayName: `${fields.firstName} ${fields.lastName}`,
        metadata: JSON.stringify(fields),
      },
    });
    expect(patched.statusCode).toBe(200);
    const { user } = patched.json<{ user: SessionResponse['user'] }>();
    const metadata = typeof user.metadata === 'string' ? user.metadata : '{}';
    const token = member.access_token;
    const copied = await callRest(t, 'PATCH', `users?id=eq.${user.id}`, {
      token,
      prefer: 'return=representation',
      body: { metadata },
    });
    expect(copied.statusCode).toBe(200);
    const upserted = await callRest(t, 'POST', 'customUsers?on_conflict=id', {
      token,
      prefer: UPSERT,
      body: {
        id: user.id,
        user_id: user.id,
        email: user.email,
        display_name: user.displayName,
        first_name: fields.firstName,
        last_name: fields.lastName,
        troop_number: fields.troopNumber,
        troop_role: fields.troopRole,
        metadata,
      },
    });
    expect(upserted.statusCode).toBeLessThan(300);
  }

  const ownRows = async (member: SessionResponse, table: string) => {
    const res = await callRest(t, 'GET', table, { token: member.access_token });
    expect(res.statusCode).toBe(200);
    return res.json<Array<Record<string, unknown>>>();
  };

  it('holds the new names in custom_users and in the metadata of both tables, in one row each', async () => {
    t = await buildTestApp({ store: kind });
    const member = await signUp(t, {
      displayName: 'Jamie Cole',
      metadata: { firstName: 'Jamie', lastName: 'Cole', troopNumber: '214', troopRole: 'Parent' },
    });
    await saveProfile(member, {
      firstName: 'Jamie',
      lastName: 'Cole',
      troopNumber: '214',
      troopRole: 'Scoutmaster',
    });
    // Saved again with other names: the same row changes, no second one appears.
    await saveProfile(member, {
      firstName: 'Taylor',
      lastName: 'Brooks-Lane',
      troopNumber: '88',
      troopRole: 'Council Member',
    });

    const rows = await ownRows(member, 'custom_users');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: member.user.id,
      first_name: 'Taylor',
      last_name: 'Brooks-Lane',
      troop_number: '88',
      troop_role: 'Council Member',
    });
    expect(JSON.parse(String(rows[0]?.metadata))).toMatchObject({
      firstName: 'Taylor',
      troopRole: 'Council Member',
    });
    const [account] = await ownRows(member, 'users');
    expect(account).toMatchObject({ display_name: 'Taylor Brooks-Lane' });
    expect(JSON.parse(String(account?.metadata))).toMatchObject({
      firstName: 'Taylor',
      lastName: 'Brooks-Lane',
      troopNumber: '88',
    });
  });
});
