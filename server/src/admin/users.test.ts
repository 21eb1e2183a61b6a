import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import type { Store } from '../store/store.ts';
import { createUserWithRole, setUserRole } from './users.ts';

const NOW = Date.UTC(2026, 2, 1);

describe.each(testStoreKinds)('accounts made by an operator (%s)', (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await openTestStore(kind);
  });
  afterEach(async () => store?.close());

  const row = async (email: string) =>
    (await store.query<Record<string, unknown>>('SELECT * FROM users WHERE email = ?', [email]))
      .rows[0];

  it('creates an admin who can sign in with the password given', async () => {
    const user = await createUserWithRole(
      store,
      {
        email: ' Leader@Troop.example ',
        password: 'campfire-2026',
        role: 'admin',
        name: 'Pat Leader',
      },
      NOW,
    );
    expect(user).toMatchObject({
      email: 'leader@troop.example',
      role: 'admin',
      displayName: 'Pat Leader',
    });
    const stored = await row('leader@troop.example');
    expect(stored).toMatchObject({
      id: user.id,
      role: 'admin',
      display_name: 'Pat Leader',
      created_at: new Date(NOW).toISOString(),
    });
    expect(Boolean(stored?.email_verified)).toBe(true);
    expect(stored?.password_hash).not.toContain('campfire-2026');
    expect(await verifyPassword(stored?.password_hash as string, 'campfire-2026')).toBe(true);
  });

  it('creates a plain user without a name', async () => {
    const user = await createUserWithRole(
      store,
      { email: 'scout@troop.example', password: 'campfire-2026', role: 'user' },
      NOW,
    );
    expect(user).toMatchObject({ role: 'user', displayName: null });
  });

  it('refuses a taken email, an unknown role and a short password, and creates nothing', async () => {
    await createUserWithRole(
      store,
      { email: 'leader@troop.example', password: 'campfire-2026', role: 'user' },
      NOW,
    );
    await expect(
      createUserWithRole(
        store,
        { email: 'LEADER@troop.example', password: 'campfire-2026', role: 'admin' },
        NOW,
      ),
    ).rejects.toMatchObject({
      status: 409,
      code: 'EMAIL_ALREADY_EXISTS',
    });
    await expect(
      createUserWithRole(
        store,
        { email: 'b@troop.example', password: 'campfire-2026', role: 'owner' },
        NOW,
      ),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      createUserWithRole(store, { email: 'c@troop.example', password: 'short', role: 'user' }, NOW),
    ).rejects.toMatchObject({
      code: 'WEAK_PASSWORD',
    });
    await expect(
      createUserWithRole(
        store,
        { email: 'not-an-email', password: 'campfire-2026', role: 'user' },
        NOW,
      ),
    ).rejects.toMatchObject({
      code: 'INVALID_EMAIL',
    });
    const { rows } = await store.query<{ email: string; role: string }>(
      'SELECT email, role FROM users',
    );
    expect(rows).toEqual([{ email: 'leader@troop.example', role: 'user' }]);
  });

  it('sets a role by email', async () => {
    await createUserWithRole(
      store,
      { email: 'leader@troop.example', password: 'campfire-2026', role: 'user' },
      NOW,
    );
    const user = await setUserRole(store, 'Leader@troop.example', 'admin', NOW + 1000);
    expect(user.role).toBe('admin');
    expect(await row('leader@troop.example')).toMatchObject({
      role: 'admin',
      updated_at: new Date(NOW + 1000).toISOString(),
    });
    await setUserRole(store, 'leader@troop.example', 'user', NOW + 2000);
    expect((await row('leader@troop.example'))?.role).toBe('user');
    const audit = await store.query<{ action: string; target_id: string; details: string }>(
      'SELECT action, target_id, details FROM audit_log ORDER BY at',
    );
    expect(audit.rows.map((r) => [r.action, r.target_id, JSON.parse(r.details)])).toEqual([
      ['member.role_changed', user.id, { from: 'user', to: 'admin', via: 'cli' }],
      ['member.role_changed', user.id, { from: 'admin', to: 'user', via: 'cli' }],
    ]);
  });

  it('setting the role of an unknown email or to an unknown role fails', async () => {
    await expect(setUserRole(store, 'nobody@troop.example', 'admin', NOW)).rejects.toMatchObject({
      status: 404,
      code: 'USER_NOT_FOUND',
    });
    await createUserWithRole(
      store,
      { email: 'leader@troop.example', password: 'campfire-2026', role: 'user' },
      NOW,
    );
    await expect(
      setUserRole(store, 'leader@troop.example', 'superuser', NOW),
    ).rejects.toMatchObject({ status: 400 });
    expect((await row('leader@troop.example'))?.role).toBe('user');
    expect((await store.query('SELECT * FROM audit_log')).rows).toEqual([]);
  });
});
