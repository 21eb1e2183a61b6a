/**
 * The Data API driven by PostgREST's own JavaScript client, over real HTTP, on every store:
 * the everyday calls its users write, with the access rules in force.
 */
import type { AddressInfo } from 'node:net';
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

interface Gear {
  id: string;
  owner_id: string;
  item: string;
  qty: number;
  packed: boolean | null;
  note: string | null;
}

describe.each(testStoreKinds)('postgrest-js against the Data API (%s)', (store) => {
  let t: TestApp;
  let ann: TestMember;
  let bob: TestMember;
  let asAnn: PostgrestClient;
  let asBob: PostgrestClient;

  beforeAll(async () => {
    t = await buildTestApp({ store });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/db/${t.deps.config.projectId}/rest/v1`;
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    asAnn = new PostgrestClient(url, { headers: { Authorization: `Bearer ${ann.token}` } });
    asBob = new PostgrestClient(url, { headers: { Authorization: `Bearer ${bob.token}` } });
    const seeded = await asAnn.from('gear').insert([
      { id: 'g1', item: 'Tent', qty: 2, packed: true, note: 'Two-person' },
      { id: 'g2', item: 'Stove', qty: 1, packed: false, note: null },
      { id: 'g3', item: 'tent stakes', qty: 12, packed: null, note: 'steel, "heavy"' },
    ]);
    expect(seeded.error).toBeNull();
    await asBob.from('gear').insert({ id: 'g9', item: "Bob's lantern", qty: 1 });
  });
  afterAll(async () => t.close());

  it('bulk insert sends columns, answers the rows, and fills the owner', async () => {
    const { data, error, status } = await asAnn
      .from('gear')
      .insert([
        { id: 'g4', item: 'Rope', qty: 3 },
        { id: 'g5', item: 'Map', qty: 1, note: 'Trail 5' },
      ])
      .select();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toHaveLength(2);
    expect(data?.[0]).toMatchObject({
      id: 'g4',
      item: 'Rope',
      qty: 3,
      note: null,
      owner_id: 'ann',
    });
    await asAnn.from('gear').delete().in('id', ['g4', 'g5']);
  });

  it('filters: eq, neq, gt, lt, in, like, ilike, is, not, match, or', async () => {
    const ids = async (q: PromiseLike<{ data: Gear[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return (data ?? []).map((r) => r.id).sort();
    };
    const gear = () => asAnn.from('gear').select<'*', Gear>('*');
    expect(await ids(gear().eq('item', 'Tent'))).toEqual(['g1']);
    expect(await ids(gear().neq('item', 'Tent'))).toEqual(['g2', 'g3']);
    expect(await ids(gear().gt('qty', 1))).toEqual(['g1', 'g3']);
    expect(await ids(gear().lte('qty', 1))).toEqual(['g2']);
    expect(await ids(gear().in('id', ['g1', 'g3', 'g9']))).toEqual(['g1', 'g3']);
    expect(await ids(gear().like('item', '%ent%'))).toEqual(['g1', 'g3']);
    expect(await ids(gear().ilike('item', 'TENT%'))).toEqual(['g1', 'g3']);
    expect(await ids(gear().is('packed', null))).toEqual(['g3']);
    expect(await ids(gear().not('packed', 'is', null))).toEqual(['g1', 'g2']);
    expect(await ids(gear().match({ item: 'Stove', qty: 1 }))).toEqual(['g2']);
    expect(await ids(gear().or('qty.gte.10,item.eq.Stove'))).toEqual(['g2', 'g3']);
  });

  it('order, range, and an exact count with head', async () => {
    const { data } = await asAnn
      .from('gear')
      .select('id')
      .order('qty', { ascending: false })
      .range(0, 1);
    expect(data).toEqual([{ id: 'g3' }, { id: 'g1' }]);
    const head = await asAnn.from('gear').select('*', { count: 'exact', head: true });
    expect(head.error).toBeNull();
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
  });

  it('single() answers one object, and PostgREST error PGRST116 when not exactly one row', async () => {
    const one = await asAnn.from('gear').select('id,item').eq('id', 'g2').single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({ id: 'g2', item: 'Stove' });
    const none = await asAnn.from('gear').select().eq('id', 'nope').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
      hint: null,
    });
    const many = await asAnn.from('gear').select().single();
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
  });

  it('maybeSingle() answers null for no row', async () => {
    const none = await asAnn.from('gear').select().eq('id', 'nope').maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    const one = await asAnn.from('gear').select('item').eq('id', 'g1').maybeSingle();
    expect(one.data).toEqual({ item: 'Tent' });
  });

  it('renamed columns and casts in select', async () => {
    const { data, error } = await asAnn
      .from('gear')
      .select('name:item,count:qty::text,qty,packed::text')
      .eq('id', 'g1')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Tent', count: '2', qty: 2, packed: 'true' });
  });

  it('csv()', async () => {
    const { data, error } = await asAnn.from('gear').select('id,item,note').order('id').csv();
    expect(error).toBeNull();
    expect(data).toBe(
      'id,item,note\ng1,Tent,Two-person\ng2,Stove,\ng3,tent stakes,"steel, ""heavy"""',
    );
  });

  it('update, upsert and delete with the changed rows returned', async () => {
    const updated = await asAnn.from('gear').update({ qty: 4 }).eq('id', 'g1').select('id,qty');
    expect(updated.data).toEqual([{ id: 'g1', qty: 4 }]);
    const upserted = await asAnn
      .from('gear')
      .upsert({ id: 'g1', item: 'Tent', qty: 5 })
      .select('id,qty');
    expect(upserted.data).toEqual([{ id: 'g1', qty: 5 }]);
    const inserted = await asAnn
      .from('gear')
      .upsert({ id: 'g6', item: 'Saw', qty: 1 }, { onConflict: 'id' })
      .select('id');
    expect(inserted.data).toEqual([{ id: 'g6' }]);
    const deleted = await asAnn.from('gear').delete().eq('id', 'g6').select('id');
    expect(deleted.data).toEqual([{ id: 'g6' }]);
    await asAnn.from('gear').update({ qty: 2 }).eq('id', 'g1');
  });

  it('a singular write that would touch no row is undone and answers 406', async () => {
    const res = await asAnn.from('gear').update({ qty: 99 }).gt('qty', 0).select().single();
    expect(res.status).toBe(406);
    const { data } = await asAnn.from('gear').select('qty').eq('id', 'g3').single();
    expect(data).toEqual({ qty: 12 });
  });

  it('insert with defaultToNull: false leaves absent keys to their defaults', async () => {
    const { data, error } = await asAnn
      .from('gear')
      .insert(
        [
          { item: 'Axe', qty: 1 },
          { item: 'Saw', qty: 1, note: 'folding' },
        ],
        { defaultToNull: false },
      )
      .select('id,item,note');
    expect(error).toBeNull();
    expect(data?.every((r) => typeof r.id === 'string' && r.id.length > 0)).toBe(true);
    await asAnn.from('gear').delete().in('item', ['Axe', 'Saw']);
  });

  it("keeps another member's rows invisible and unchangeable", async () => {
    expect((await asBob.from('gear').select('id')).data).toEqual([{ id: 'g9' }]);
    expect((await asBob.from('gear').select().eq('id', 'g1').maybeSingle()).data).toBeNull();
    const changed = await asBob.from('gear').update({ qty: 0 }).eq('id', 'g1').select();
    expect(changed.data).toEqual([]);
    const removed = await asBob.from('gear').delete().eq('id', 'g1').select();
    expect(removed.data).toEqual([]);
    expect((await asAnn.from('gear').select('qty').eq('id', 'g1').single()).data).toEqual({
      qty: 2,
    });
  });

  it('calendar events: members read each other’s, but cannot change them', async () => {
    const created = await asAnn
      .from('calendar_events')
      .insert({
        event_name: 'Campout',
        event_date: '2026-12-05',
        event_time: '18:00',
        creator_name: 'Ann',
      })
      .select('id')
      .single();
    expect(created.error).toBeNull();
    const id = (created.data as { id: string }).id;
    expect(
      (await asBob.from('calendar_events').select('event_name').eq('id', id).single()).data,
    ).toEqual({ event_name: 'Campout' });
    const refused = await asBob
      .from('calendar_events')
      .update({ event_name: 'Mine now' })
      .eq('id', id);
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'FORBIDDEN', hint: null });
  });

  it('errors carry PostgREST fields besides ours; rpc says it is not offered', async () => {
    const bad = await asAnn.from('gear').select('nope');
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ code: 'VALIDATION_ERROR', details: null, hint: null });
    expect(bad.error?.message).toContain('nope');
    const rpc = await asAnn.rpc('hello');
    expect(rpc.status).toBe(404);
    expect(rpc.error?.message).toMatch(/not offered/);
  });
});

describe.each(testStoreKinds)('PostgREST headers (%s)', (store) => {
  let t: TestApp;
  let ann: TestMember;
  beforeAll(async () => {
    t = await buildTestApp({ store });
    ann = await addMember(t, 'ann');
    for (let i = 1; i <= 5; i++)
      await callRest(t, 'POST', 'gear', { token: ann.token, body: { id: `g${i}`, qty: i } });
  });
  afterAll(async () => t.close());

  it('Range pages like limit and offset; a backwards range is 416', async () => {
    const page = await callRest(t, 'GET', 'gear?select=id&order=qty', {
      token: ann.token,
      headers: { range: '1-2', 'range-unit': 'items' },
      prefer: 'count=exact',
    });
    expect(page.json()).toEqual([{ id: 'g2' }, { id: 'g3' }]);
    expect(page.headers['content-range']).toBe('1-2/5');
    const open = await callRest(t, 'GET', 'gear?select=id&order=qty', {
      token: ann.token,
      headers: { range: '3-' },
    });
    expect(open.json()).toEqual([{ id: 'g4' }, { id: 'g5' }]);
    const query = await callRest(t, 'GET', 'gear?select=id&order=qty&limit=1', {
      token: ann.token,
      headers: { range: '3-' },
    });
    expect(query.json()).toEqual([{ id: 'g1' }]);
    const backwards = await callRest(t, 'GET', 'gear', {
      token: ann.token,
      headers: { range: '5-2' },
    });
    expect(backwards.statusCode).toBe(416);
    expect(backwards.json().code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('return=headers-only answers 201 with the Location of the new row and no body', async () => {
    const res = await callRest(t, 'POST', 'gear', {
      token: ann.token,
      body: { id: 'g 10', qty: 10 },
      prefer: 'return=headers-only',
    });
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');
    expect(res.headers.location).toBe(
      `/api/db/${t.deps.config.projectId}/rest/v1/gear?id=eq.g%2010`,
    );
    const again = await t.app.inject({
      url: String(res.headers.location),
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(again.json()).toEqual([expect.objectContaining({ id: 'g 10', qty: 10 })]);
  });

  it('answers 406 for a media type it cannot give', async () => {
    const res = await callRest(t, 'GET', 'gear', {
      token: ann.token,
      headers: { accept: 'application/xml' },
    });
    expect(res.statusCode).toBe(406);
    expect(res.json().code).toBe('NOT_ACCEPTABLE');
    const fallback = await callRest(t, 'GET', 'gear?select=id&limit=1', {
      token: ann.token,
      headers: { accept: 'application/xml, application/json;q=0.5' },
    });
    expect(fallback.statusCode).toBe(200);
  });

  it('counts: exact everywhere, planned only where the database can plan, estimated as exact when small', async () => {
    const exact = await callRest(t, 'GET', 'gear?select=id&limit=1', {
      token: ann.token,
      prefer: 'count=exact',
    });
    expect(exact.headers['content-range']).toBe('0-0/6');
    const estimated = await callRest(t, 'GET', 'gear?select=id&limit=1', {
      token: ann.token,
      prefer: 'count=estimated',
    });
    expect(estimated.headers['content-range']).toBe('0-0/6');
    const planned = await callRest(t, 'GET', 'gear?select=id&limit=1', {
      token: ann.token,
      prefer: 'count=planned',
    });
    if (store === 'postgres') {
      expect(planned.statusCode).toBe(200);
      expect(planned.headers['content-range']).toMatch(/^0-0\/\d+$/);
    } else {
      expect(planned.statusCode).toBe(400);
      expect(planned.json().message).toMatch(/count=planned/);
    }
  });
});
