/**
 * SQL injection attempts through every part of a request that reaches SQL: table and column
 * names, values, order, select, on_conflict and body keys. Identifiers are refused unless they
 * are plain names; values are bound, so SQL in them is only text. Nothing changes either way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

const DROP = "'; DROP TABLE users; --";

describe.each(testStoreKinds)('injection attempts (%s)', (kind) => {
  let t: TestApp;
  let a: TestMember;

  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    a = await addMember(t, 'member-a');
    await addMember(t, 'member-b');
    const res = await callRest(t, 'POST', 'notes', {
      token: a.token,
      body: [
        { id: 'n1', title: 'Knots', stars: 3 },
        { id: 'n2', title: DROP, stars: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
  });

  afterEach(async () => {
    // Whatever was tried: every table and every account is as it was, roles included.
    const users = await t.deps.store.query<{ id: string; role: string }>(
      'SELECT id, role FROM users ORDER BY id',
    );
    expect(users.rows).toEqual([
      { id: 'member-a', role: 'user' },
      { id: 'member-b', role: 'user' },
    ]);
    const notes = await t.deps.store.query<{ id: string; owner_id: string }>(
      'SELECT id, owner_id FROM notes ORDER BY id',
    );
    expect(notes.rows).toEqual([
      { id: 'n1', owner_id: 'member-a' },
      { id: 'n2', owner_id: 'member-a' },
    ]);
    await t.close();
  });

  const get = (path: string) => callRest(t, 'GET', path, { token: a.token });
  const q = encodeURIComponent;

  it('refuses SQL in table names', async () => {
    for (const table of [
      'notes;DROP TABLE users',
      'notes"--',
      `notes${q(' WHERE 1=1')}`,
      q('users" --'),
      q('notes/**/'),
      'NOTES%00',
    ]) {
      const res = await get(table);
      expect([400, 404], table).toContain(res.statusCode);
      expect(res.json().code).toMatch(/VALIDATION_ERROR|NOT_FOUND/);
    }
  });

  it('refuses SQL in column names of filters, at the top level and in groups', async () => {
    for (const query of [
      `${q('title"=')}eq.x`,
      `${q('title) OR (1=1')}=eq.x`,
      `${q('title;DROP TABLE users;--')}=eq.x`,
      `or=${q('(title.eq.x,"owner_id".eq.y)')}`,
      `or=${q('(title.eq.x,1=1--.eq.y)')}`,
      `and=${q('(title=eq.x,owner_id) OR (1=eq.1)')}`,
    ]) {
      const res = await get(`notes?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('binds values, so SQL in them matches only itself', async () => {
    expect((await get(`notes?title=eq.${q("' OR '1'='1")}`)).json()).toEqual([]);
    expect((await get(`notes?title=eq.${q(DROP)}&select=id`)).json()).toEqual([{ id: 'n2' }]);
    expect((await get(`notes?title=like.${q("%' OR 1=1 --")}`)).json()).toEqual([]);
    expect((await get(`notes?id=in.(${q(`"n1') OR ('1'='1"`)})`)).json()).toEqual([]);
    expect((await get(`notes?id=in.(${q("n1') OR ('1'='1")})`)).statusCode).toBe(400);
    expect(
      (
        await get(`notes?or=${q(`(title.eq."${DROP.replace(/'/g, "''")}",id.eq."n1' OR 'x'='x")`)}`)
      ).json(),
    ).toEqual([]);
    expect((await get(`notes?stars=gt.${q('1 OR 1=1')}`)).statusCode).toBe(400);
    expect(
      (
        await callRest(t, 'PATCH', `notes?id=eq.${q("n1' OR '1'='1")}`, {
          token: a.token,
          body: { title: 'x' },
        })
      ).json(),
    ).toEqual([]);
    expect(
      (await callRest(t, 'DELETE', `notes?id=eq.${q("x' OR 1=1 --")}`, { token: a.token })).json(),
    ).toEqual([]);
  });

  it('refuses SQL in order and select', async () => {
    for (const query of [
      `order=${q('title;DROP TABLE users')}`,
      `order=${q('title desc, (SELECT 1)')}`,
      `order=${q('(CASE WHEN 1=1 THEN title END)')}`,
      `order=${q('title.asc;--')}`,
      `select=${q('*,(SELECT password_hash FROM users)')}`,
      `select=${q('title FROM users --')}`,
      `select=${q('id,"owner_id"')}`,
    ]) {
      const res = await get(`notes?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('refuses SQL in on_conflict', async () => {
    for (const target of ["id) DO UPDATE SET owner_id = 'member-b' --", 'id,(SELECT 1)', 'id"']) {
      const res = await callRest(t, 'POST', `notes?on_conflict=${q(target)}`, {
        token: a.token,
        body: { id: 'n1', title: 'x' },
      });
      expect(res.statusCode, target).toBe(400);
    }
  });

  it('refuses SQL in the keys of a body, and stores SQL in values as text', async () => {
    for (const key of ['title" TEXT); DROP TABLE users; --', 'a b', 'x--']) {
      const res = await callRest(t, 'POST', 'notes', { token: a.token, body: { [key]: 1 } });
      expect(res.statusCode, key).toBe(400);
    }
    const res = await callRest(t, 'PATCH', 'notes?id=eq.n1', {
      token: a.token,
      body: { title: "x', owner_id = 'member-b" },
    });
    expect(res.json()[0]).toMatchObject({
      title: "x', owner_id = 'member-b",
      owner_id: 'member-a',
    });
    await callRest(t, 'PATCH', 'notes?id=eq.n1', { token: a.token, body: { title: 'Knots' } });
  });
});
