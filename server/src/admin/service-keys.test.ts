import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { addUnit } from '../../test/troops.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import {
  hashServiceKey,
  issueServiceKey,
  listServiceKeys,
  revokeServiceKey,
  serviceKeyVerifier,
} from './service-keys.ts';

describe.each(embeddedStore)('service keys (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const setUp = async () => {
    t = await buildTestApp({ store: kind });
    t.deps.serviceKeys = serviceKeyVerifier(t.deps.store);
    return t;
  };

  const sql = (bearer: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/db/${t.deps.config.projectId}/sql`,
      headers: { authorization: `Bearer ${bearer}` },
      payload: { query: 'SELECT 1 AS one' },
    });

  it('issues a key shown once and stores only its hash', async () => {
    const { deps } = await setUp();
    const { id, key } = await issueServiceKey(deps.store, 'nightly export', t.clock.now());
    expect(key).toMatch(/^sk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(`sk_${id}_`)).toBe(true);
    const { rows } = await deps.store.query('SELECT * FROM service_keys');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      name: 'nightly export',
      key_hash: hashServiceKey(key),
      revoked_at: null,
    });
    const secret = key.slice(`sk_${id}_`.length);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('verifies the key, and nothing that merely looks like it', async () => {
    const { deps } = await setUp();
    const { id, key } = await issueServiceKey(deps.store, 'ops', t.clock.now());
    const verifier = serviceKeyVerifier(deps.store);
    expect(await verifier.verify(key)).toEqual({ id, troopId: FIRST_TROOP_ID });
    const last = key.slice(-1) === 'A' ? 'B' : 'A';
    expect(await verifier.verify(key.slice(0, -1) + last)).toBeNull();
    expect(await verifier.verify(`sk_0000000000000000_${key.slice(-43)}`)).toBeNull();
    expect(await verifier.verify('sk_nonsense')).toBeNull();
    expect(await verifier.verify(`${key} `)).toBeNull();
  });

  it('a revoked key answers 401 from then on', async () => {
    const { deps } = await setUp();
    const { id, key } = await issueServiceKey(deps.store, 'ops', t.clock.now());
    expect((await sql(key)).statusCode).toBe(200);

    const revoked = await revokeServiceKey(deps.store, id, t.clock.now());
    expect(revoked.revokedAt).toBe(new Date(t.clock.now()).toISOString());
    const res = await sql(key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('revoking twice keeps the first time; an unknown id is 404', async () => {
    const { deps } = await setUp();
    const { id } = await issueServiceKey(deps.store, 'ops', t.clock.now());
    const first = await revokeServiceKey(deps.store, id, t.clock.now());
    t.clock.advance(60_000);
    const second = await revokeServiceKey(deps.store, id, t.clock.now());
    expect(second.revokedAt).toBe(first.revokedAt);
    await expect(
      revokeServiceKey(deps.store, 'ffffffffffffffff', t.clock.now()),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('lists keys with their state, in the order they were issued', async () => {
    const { deps } = await setUp();
    const a = await issueServiceKey(deps.store, 'first', t.clock.now());
    t.clock.advance(1000);
    const b = await issueServiceKey(deps.store, 'second', t.clock.now());
    await revokeServiceKey(deps.store, a.id, t.clock.now());
    const keys = await listServiceKeys(deps.store);
    expect(keys.map((k) => [k.id, k.name, k.revokedAt !== null])).toEqual([
      [a.id, 'first', true],
      [b.id, 'second', false],
    ]);
  });

  it('needs a name', async () => {
    const { deps } = await setUp();
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const err = await issueServiceKey(deps.store, name, t.clock.now()).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(400);
    }
  });

  it("a troop's key acts in its own troop only; a platform key acts in every troop", async () => {
    const { deps } = await setUp();
    await addUnit(t, { id: 'troop-b', projectId: 'troop-b-project' });
    const list = (projectId: string, bearer: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/db/${projectId}/rest/v1/calendar_events?select=id`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    const first = await issueServiceKey(deps.store, 'first troop', t.clock.now());
    const ofB = await issueServiceKey(deps.store, 'troop b', t.clock.now(), 'troop-b');
    const platform = await issueServiceKey(deps.store, 'operator', t.clock.now(), null);

    expect((await list(deps.config.projectId, first.key)).statusCode).toBe(200);
    expect((await list('troop-b-project', ofB.key)).statusCode).toBe(200);
    // Elsewhere a troop's key meets what a stranger meets: no word that the troop exists.
    for (const [projectId, key] of [
      ['troop-b-project', first.key],
      [deps.config.projectId, ofB.key],
    ] as const) {
      const res = await list(projectId, key);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    }
    expect((await list(deps.config.projectId, platform.key)).statusCode).toBe(200);
    expect((await list('troop-b-project', platform.key)).statusCode).toBe(200);
    const keys = await listServiceKeys(deps.store);
    expect(keys.map((k) => [k.name, k.troopId]).sort()).toEqual([
      ['first troop', FIRST_TROOP_ID],
      ['operator', null],
      ['troop b', 'troop-b'],
    ]);
  });
});
