/** The Data API as clients see it (docs/protocol.md, Data API): shapes, headers, paging, upsert, tolerance. */
import { beforeEach, describe, expect, it } from 'vitest';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

describe.each(testStoreKinds)('Data API (%s)', (kind) => {
  // One app for the suite, each test on an emptied store: the registry is empty again, while
  // the tables an earlier test made stay in the database, outside the registry. So the table
  // the tests share by name has a name of each test's own.
  const t = sharedTestApp({ store: kind, empty: true });
  let a: TestMember;
  let tasks: string;
  let tests = 0;

  beforeEach(async () => {
    tasks = `tasks_${++tests}`;
    a = await addMember(t, 'member-a');
  });

  const seedTasks = async () => {
    const res = await callRest(t, 'POST', tasks, {
      token: a.token,
      body: [
        { id: 't1', title: 'Pitch tents', priority: 2, done: false, due: '2026-05-02' },
        { id: 't2', title: 'Buy food', priority: 5, done: true, due: null },
        { id: 't3', title: 'Plan hike', priority: 2, done: false, due: '2026-05-01' },
        { id: 't4', title: 'Clean up', priority: null, done: true, due: '2026-05-03' },
      ],
    });
    expect(res.statusCode).toBe(201);
  };
  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: string }>).map((r) => r.id);

  describe('project and caller', () => {
    it('answers an unknown project with 404 PROJECT_NOT_FOUND', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/db/other-troop/rest/v1/${tasks}`,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'PROJECT_NOT_FOUND',
        error: { code: 'PROJECT_NOT_FOUND' },
      });
    });

    it('refuses anonymous callers with 401', async () => {
      for (const method of ['GET', 'POST', 'PATCH', 'DELETE'] as const) {
        const res = await callRest(
          t,
          method,
          'calendar_events?id=eq.x',
          method === 'GET' || method === 'DELETE' ? {} : { body: { event_name: 'x' } },
        );
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    });
  });

  describe('inserting', () => {
    it('answers 201 with a bare array and generates a random id', async () => {
      const res = await callRest(t, 'POST', tasks, { token: a.token, body: { title: 'Pack' } });
      expect(res.statusCode).toBe(201);
      const rows = res.json();
      expect(Array.isArray(rows)).toBe(true);
      expect(rows[0]).toMatchObject({ title: 'Pack', owner_id: a.id });
      expect(rows[0].id).toMatch(/^[0-9a-f-]{36}$/);
      const again = await callRest(t, 'POST', tasks, { token: a.token, body: { title: 'Pack' } });
      expect(again.json()[0].id).not.toBe(rows[0].id);
    });

    it('inserts many rows at once, keeping their order', async () => {
      const body = Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0 ? { title: `t${i}`, size: i } : { title: `t${i}` },
      );
      const res = await callRest(t, 'POST', tasks, { token: a.token, body });
      expect(res.statusCode).toBe(201);
      expect(res.json().map((r: { title: string }) => r.title)).toEqual(body.map((r) => r.title));
    });

    it('answers return=minimal with an empty body', async () => {
      const res = await callRest(t, 'POST', tasks, {
        token: a.token,
        body: { title: 'x' },
        prefer: 'return=minimal',
      });
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe('');
    });

    it('converts camelCase keys and table names to snake_case', async () => {
      const res = await callRest(t, 'POST', 'campTasks', {
        token: a.token,
        body: { dueDate: '2026-01-01', isDone: true },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()[0]).toMatchObject({ due_date: '2026-01-01', is_done: true });
      const list = await callRest(t, 'GET', 'camp_tasks?isDone=eq.true', { token: a.token });
      expect(list.json()).toHaveLength(1);
    });

    it('refuses a POST without a body with a JSON 400', async () => {
      const res = await callRest(t, 'POST', tasks, {
        token: a.token,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      const bad = await callRest(t, 'POST', tasks, { token: a.token, body: [1, 2] });
      expect(bad.statusCode).toBe(400);
    });

    it('answers a body that is no row, or too many rows, in the words of each rule', async () => {
      const refusal = async (method: 'POST' | 'PATCH', body: unknown) => {
        const path = method === 'POST' ? tasks : `${tasks}?id=eq.t1`;
        const res = await callRest(t, method, path, { token: a.token, body });
        expect(res.statusCode).toBe(400);
        return res.json().message as string;
      };
      expect(await refusal('POST', 'Pack')).toBe(
        'Send a JSON object, or an array of objects, to insert',
      );
      expect(await refusal('POST', [{ title: 'Pack' }, 2])).toBe(
        'Each row to insert must be a JSON object',
      );
      expect(
        await refusal(
          'POST',
          Array.from({ length: 1001 }, () => ({})),
        ),
      ).toBe('At most 1000 rows per request');
      expect(await refusal('PATCH', [{ title: 'Pack' }])).toBe(
        'Send a JSON object with the columns to change',
      );
      expect(await refusal('PATCH', {})).toBe('Nothing to change: the body names no column');
    });

    it('answers a second insert of the same id with 409, never overwriting', async () => {
      await callRest(t, 'POST', tasks, { token: a.token, body: { id: 'same', title: 'first' } });
      const res = await callRest(t, 'POST', tasks, {
        token: a.token,
        body: { id: 'same', title: 'second' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
      const rows = await callRest(t, 'GET', `${tasks}?id=eq.same`, { token: a.token });
      expect(rows.json()[0].title).toBe('first');
    });
  });

  describe('reading', () => {
    it('accepts Content-Type: application/json on a GET and a DELETE with no body', async () => {
      await seedTasks();
      const headers = { 'content-type': 'application/json' };
      expect((await callRest(t, 'GET', tasks, { token: a.token, headers })).statusCode).toBe(200);
      const del = await callRest(t, 'DELETE', `${tasks}?id=eq.t1`, { token: a.token, headers });
      expect(del.statusCode).toBe(200);
      expect(ids(del)).toEqual(['t1']);
    });

    it('answers booleans as booleans and takes 1/0 for them in filters', async () => {
      await seedTasks();
      const res = await callRest(t, 'GET', `${tasks}?done=eq.1&select=id,done`, { token: a.token });
      expect(res.json()).toEqual([
        { id: 't2', done: true },
        { id: 't4', done: true },
      ]);
      expect(ids(await callRest(t, 'GET', `${tasks}?done=eq.0`, { token: a.token }))).toEqual([
        't1',
        't3',
      ]);
    });

    it('selects columns and refuses an unknown one, naming it', async () => {
      await seedTasks();
      const res = await callRest(t, 'GET', `${tasks}?select=title&id=eq.t1`, { token: a.token });
      expect(res.json()).toEqual([{ title: 'Pitch tents' }]);
      for (const q of [
        'select=nope',
        'nope=eq.1',
        'order=nope.desc',
        'or=(title.eq.x,nope.eq.1)',
      ]) {
        const bad = await callRest(t, 'GET', `${tasks}?${q}`, { token: a.token });
        expect(bad.statusCode, q).toBe(400);
        expect(bad.json().error.message, q).toContain('"nope"');
      }
    });

    it('orders by several columns with nullsfirst and nullslast', async () => {
      await seedTasks();
      expect(
        ids(await callRest(t, 'GET', `${tasks}?order=priority.asc,due.desc`, { token: a.token })),
      ).toEqual(['t1', 't3', 't2', 't4']);
      expect(
        ids(
          await callRest(t, 'GET', `${tasks}?order=priority.asc.nullsfirst,due.asc`, {
            token: a.token,
          }),
        ),
      ).toEqual(['t4', 't3', 't1', 't2']);
      expect(
        ids(await callRest(t, 'GET', `${tasks}?order=due.desc.nullslast`, { token: a.token })),
      ).toEqual(['t4', 't1', 't3', 't2']);
      expect(ids(await callRest(t, 'GET', `${tasks}?order=due.desc`, { token: a.token }))).toEqual([
        't2',
        't4',
        't1',
        't3',
      ]);
    });

    it('pages with limit and offset, and counts with Prefer: count=exact', async () => {
      await seedTasks();
      const res = await callRest(t, 'GET', `${tasks}?order=id&limit=2&offset=1`, {
        token: a.token,
        prefer: 'count=exact',
      });
      expect(ids(res)).toEqual(['t2', 't3']);
      expect(res.headers['content-range']).toBe('1-2/4');
      const none = await callRest(t, 'GET', `${tasks}?title=eq.nothing`, {
        token: a.token,
        prefer: 'count=exact',
      });
      expect(none.json()).toEqual([]);
      expect(none.headers['content-range']).toBe('*/0');
      const uncounted = await callRest(t, 'GET', `${tasks}?limit=1`, { token: a.token });
      expect(uncounted.headers['content-range']).toBe('0-0/*');
    });

    it('reads a table nothing was written to yet as empty', async () => {
      const res = await callRest(t, 'GET', 'never_written?title=eq.x', {
        token: a.token,
        prefer: 'count=exact',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['content-range']).toBe('*/0');
    });

    it('tolerates values encoded twice, + for a space and groups joined with a raw &', async () => {
      await seedTasks();
      expect(
        ids(await callRest(t, 'GET', `${tasks}?title=eq.Pitch%2520tents`, { token: a.token })),
      ).toEqual(['t1']);
      expect(
        ids(await callRest(t, 'GET', `${tasks}?title=eq.Pitch+tents`, { token: a.token })),
      ).toEqual(['t1']);
      expect(
        ids(await callRest(t, 'GET', `${tasks}?title=like.Pitch*`, { token: a.token })),
      ).toEqual(['t1']);
      expect(
        ids(await callRest(t, 'GET', `${tasks}?title=ilike.%25TENTS`, { token: a.token })),
      ).toEqual(['t1']);
      const raw = await callRest(
        t,
        'GET',
        `${tasks}?and=(done=eq.false&priority=eq.2,or=(due=is.null,due=lt.2026-05-02))&order=id`,
        { token: a.token },
      );
      expect(ids(raw)).toEqual(['t3']);
      const group = encodeURIComponent(
        '(title.in.("Buy food","Clean up"),and(priority.gte.2,done.not.is.true))',
      );
      const postgrest = await callRest(t, 'GET', `${tasks}?or=${group}&order=id`, {
        token: a.token,
      });
      expect(ids(postgrest)).toEqual(['t1', 't2', 't3', 't4']);
      expect(
        ids(await callRest(t, 'GET', `${tasks}?id=not.in.(t1,t2)`, { token: a.token })),
      ).toEqual(['t3', 't4']);
    });

    it('refuses a group cut short with 400', async () => {
      await seedTasks();
      const res = await callRest(t, 'GET', `${tasks}?and=(user_id`, { token: a.token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/and filter/);
    });
  });

  describe('cursor paging', () => {
    const page = async (query: string) => {
      const res = await callRest(t, 'GET', `${tasks}?${query}`, { token: a.token });
      expect(res.statusCode, res.body).toBe(200);
      return { ids: ids(res), next: res.headers['x-next-cursor'] as string | undefined };
    };

    it('continues after the last row seen, unshaken by rows inserted before it', async () => {
      await seedTasks();
      const first = await page('order=priority.asc.nullslast&limit=2');
      expect(first.ids).toEqual(['t1', 't3']);
      expect(first.next).toMatch(/^[A-Za-z0-9_-]+$/);
      // A row that sorts before the cursor: offset paging would repeat t3; the cursor does not.
      await callRest(t, 'POST', tasks, {
        token: a.token,
        body: { id: 't0', title: 'Early', priority: 1 },
      });
      const second = await page(`order=priority.asc.nullslast&limit=2&cursor=${first.next}`);
      expect(second.ids).toEqual(['t2', 't4']);
      const third = await page(`order=priority.asc.nullslast&limit=2&cursor=${second.next}`);
      expect(third).toEqual({ ids: [], next: undefined });
    });

    it('sends no cursor on a page that is not full', async () => {
      await seedTasks();
      expect((await page('limit=10')).next).toBeUndefined();
    });

    it('refuses a cursor made for another order, or not made by the server', async () => {
      await seedTasks();
      const first = await page('order=priority.asc&limit=1');
      for (const cursor of [
        first.next,
        'garbage',
        Buffer.from('{"o":"id.asc.nl","v":[{"x":1}]}').toString('base64url'),
      ]) {
        const res = await callRest(t, 'GET', `${tasks}?order=due.asc&limit=1&cursor=${cursor}`, {
          token: a.token,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toMatch(/cursor/i);
      }
    });

    it('exposes X-Next-Cursor and Content-Range to browsers through CORS', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/db/${t.deps.config.projectId}/rest/v1/${tasks}`,
        headers: { origin: t.deps.config.publicUrl, authorization: `Bearer ${a.token}` },
      });
      expect(res.headers['access-control-expose-headers']).toContain('X-Next-Cursor');
      expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    });
  });

  describe('upsert', () => {
    it('treats on_conflict as an upsert even without a resolution, merging the sent columns', async () => {
      await seedTasks();
      const res = await callRest(t, 'POST', `${tasks}?on_conflict=id`, {
        token: a.token,
        body: [
          { id: 't1', done: true },
          { id: 't9', title: 'New' },
        ],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject([
        { id: 't1', title: 'Pitch tents', done: true },
        { id: 't9', title: 'New' },
      ]);
    });

    it('reads Prefer split on spaces and commas, and ignores duplicates when asked', async () => {
      await seedTasks();
      const merged = await callRest(t, 'POST', tasks, {
        token: a.token,
        body: { id: 't2', title: 'Merged' },
        prefer: 'return=representation resolution=merge-duplicates',
      });
      expect(merged.json()).toMatchObject([{ id: 't2', title: 'Merged', priority: 5 }]);
      const ignored = await callRest(t, 'POST', `${tasks}?on_conflict=id`, {
        token: a.token,
        body: [
          { id: 't2', title: 'Ignored' },
          { id: 't8', title: 'Added' },
        ],
        prefer: 'return=representation,resolution=ignore-duplicates',
      });
      expect(ignored.statusCode).toBe(201);
      expect(ids(ignored)).toEqual(['t8']);
      expect(
        (await callRest(t, 'GET', `${tasks}?id=eq.t2`, { token: a.token })).json()[0].title,
      ).toBe('Merged');
    });

    it('refuses an on_conflict that names no unique key', async () => {
      await seedTasks();
      const res = await callRest(t, 'POST', `${tasks}?on_conflict=title`, {
        token: a.token,
        body: { title: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/unique key/);
    });
  });

  describe('changing and deleting', () => {
    it('refuses PATCH and DELETE without a filter', async () => {
      await seedTasks();
      for (const method of ['PATCH', 'DELETE'] as const) {
        const res = await callRest(t, method, `${tasks}?order=id`, {
          token: a.token,
          ...(method === 'PATCH' ? { body: { done: true } } : {}),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toMatch(/needs a filter/);
      }
      expect(
        (await callRest(t, 'GET', `${tasks}?done=eq.true`, { token: a.token })).json(),
      ).toHaveLength(2);
    });

    it('answers a PATCH that matches nothing with 200 []', async () => {
      await seedTasks();
      const res = await callRest(t, 'PATCH', `${tasks}?id=eq.missing`, {
        token: a.token,
        body: { done: true },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('updates matching rows, adds columns seen for the first time, and answers them', async () => {
      await seedTasks();
      const res = await callRest(t, 'PATCH', `${tasks}?priority=eq.2`, {
        token: a.token,
        body: { done: true, note: 'Saturday' },
      });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .map((r: { id: string; done: boolean; note: string }) => [r.id, r.done, r.note])
          .sort(),
      ).toEqual([
        ['t1', true, 'Saturday'],
        ['t3', true, 'Saturday'],
      ]);
    });

    it('answers return=minimal with 204 and no body', async () => {
      await seedTasks();
      const res = await callRest(t, 'PATCH', `${tasks}?id=eq.t1`, {
        token: a.token,
        body: { done: true },
        prefer: 'return=minimal',
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    });

    it('refuses a value of the wrong type for a column with 400', async () => {
      await seedTasks();
      const res = await callRest(t, 'PATCH', `${tasks}?id=eq.t1`, {
        token: a.token,
        body: { priority: 'high' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain('"priority"');
      expect(
        (await callRest(t, 'GET', `${tasks}?id=eq.t1`, { token: a.token })).json()[0].priority,
      ).toBe(2);
    });
  });
});
