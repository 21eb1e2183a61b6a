import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/tokens.ts';
import { ensureTestAccount, sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { issueServiceKey, serviceKeyVerifier } from './service-keys.ts';
import { createUserWithRole, setUserRole } from './users.ts';

describe.each(testStoreKinds)('admin SQL endpoints (%s)', (kind) => {
  // A database file, as in production: on SQLite the statements run in a process of their own.
  // Tests change the notes and count them: each starts on an empty store.
  const t = sharedTestApp({
    store: kind,
    sqliteFile: true,
    deps: { sqlStatementTimeoutMs: 1000 },
    empty: true,
  });
  let adminToken: string;
  let userToken: string;
  let projectId: string;

  const token = async (role: string, sub: string) => {
    await ensureTestAccount(t.deps.store, sub, role, `${sub}@troop.example`);
    return signAccessToken(
      t.deps.jwtSecret,
      { sub, role, pid: t.deps.config.projectId, email: `${sub}@troop.example` },
      t.clock.now(),
    );
  };

  const post = (path: string, body: unknown, bearer: string | null = adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/db/${projectId}/${path}`,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const count = async () =>
    Number((await t.deps.store.query<{ n: number }>('SELECT COUNT(*) AS n FROM notes')).rows[0]?.n);

  beforeAll(() => {
    t.deps.serviceKeys = serviceKeyVerifier(t.deps.store);
    projectId = t.deps.config.projectId;
  });

  beforeEach(async () => {
    adminToken = await token('admin', 'admin-1');
    userToken = await token('user', 'user-1');
    await t.deps.store.query(
      'CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)',
    );
    await t.deps.store.query("INSERT INTO notes (id, body) VALUES (1, 'first'), (2, 'second')");
  });

  describe('who may call', () => {
    it('answers 401 to an anonymous caller and 403 to a signed-in user who is not an admin', async () => {
      for (const [path, body] of [
        ['sql', { query: 'SELECT 1 AS one' }],
        ['batch', { statements: [{ sql: 'SELECT 1 AS one' }] }],
      ] as const) {
        const anonymous = await post(path, body, null);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
        const user = await post(path, body, userToken);
        expect(user.statusCode).toBe(403);
        expect(user.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    });

    it('lets an admin and a service key run SQL', async () => {
      const { key } = await issueServiceKey(t.deps.store, 'ops', t.clock.now());
      for (const bearer of [adminToken, key]) {
        const res = await post('sql', { query: 'SELECT body FROM notes ORDER BY id' }, bearer);
        expect(res.statusCode).toBe(200);
        expect(res.json().rows).toEqual([{ body: 'first' }, { body: 'second' }]);
      }
    });

    it('lets the first admin, made by the admin CLI, sign in and run SQL until demoted', async () => {
      const email = 'leader@troop.example';
      await createUserWithRole(
        t.deps.store,
        { email, password: 'campfire-2026', role: 'admin' },
        t.clock.now(),
      );
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin/email',
        payload: { email, password: 'campfire-2026', projectId },
      });
      expect(signIn.statusCode).toBe(200);
      const session = signIn.json();
      expect(session.user.role).toBe('admin');
      expect(
        (await post('sql', { query: 'SELECT COUNT(*) AS n FROM notes' }, session.access_token))
          .statusCode,
      ).toBe(200);

      await setUserRole(t.deps.store, email, 'user', t.clock.now());
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: session.refresh_token },
      });
      expect(refreshed.statusCode).toBe(200);
      const demoted = await post(
        'sql',
        { query: 'SELECT 1 AS one' },
        refreshed.json().access_token,
      );
      expect(demoted.statusCode).toBe(403);
    });

    it('refuses a service key that does not exist with 401', async () => {
      const res = await post(
        'sql',
        { query: 'SELECT 1 AS one' },
        `sk_0123456789abcdef_${'A'.repeat(43)}`,
      );
      expect(res.statusCode).toBe(401);
    });

    it('answers 404 PROJECT_NOT_FOUND for another project id', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/db/some-other-troop/sql',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { query: 'SELECT 1 AS one' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    });
  });

  describe('POST /sql', () => {
    it('answers rows, columns, rowCount and executionTime', async () => {
      const res = await post('sql', {
        query: 'SELECT id, body FROM notes WHERE id > ? ORDER BY id',
        params: [0],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        rows: [
          { id: 1, body: 'first' },
          { id: 2, body: 'second' },
        ],
        columns: ['id', 'body'],
        rowCount: 2,
      });
      expect(typeof body.executionTime).toBe('number');
    });

    it('writes, and reports the rows it changed', async () => {
      const res = await post('sql', {
        query: 'UPDATE notes SET body = ? WHERE id = ?',
        params: ['changed', 2],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ rows: [], rowCount: 1 });
      expect((await t.deps.store.query('SELECT body FROM notes WHERE id = 2')).rows).toEqual([
        { body: 'changed' },
      ]);
    });

    it('binds parameters as values: SQL inside a parameter does nothing', async () => {
      const sneaky = "x' OR '1'='1";
      const found = await post('sql', {
        query: 'SELECT id FROM notes WHERE body = ?',
        params: [sneaky],
      });
      expect(found.json().rows).toEqual([]);

      const dropper = "'); DROP TABLE notes; --";
      const inserted = await post('sql', {
        query: 'INSERT INTO notes (id, body) VALUES (?, ?)',
        params: [3, dropper],
      });
      expect(inserted.statusCode).toBe(200);
      expect((await t.deps.store.query('SELECT body FROM notes WHERE id = 3')).rows).toEqual([
        { body: dropper },
      ]);
      expect(await count()).toBe(3);
    });

    it('leaves a ? inside a string literal alone', async () => {
      const res = await post('sql', {
        query: "SELECT 'what?' AS q, body FROM notes WHERE id = ?",
        params: [1],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows).toEqual([{ q: 'what?', body: 'first' }]);
    });

    it('answers 400 with the database message for SQL it cannot run, never 500', async () => {
      const cases: [string, unknown[], RegExp][] = [
        ['SELEC 1', [], /syntax/i],
        ['SELECT * FROM no_such_table', [], /no_such_table/],
        ['SELECT * FROM notes WHERE id = ? AND body = ?', [1], /./],
        ["INSERT INTO notes (id, body) VALUES (9, 'first')", [], /unique/i],
        ['SELECT 1 AS a; SELECT 2 AS b', [], /./],
      ];
      for (const [query, params, message] of cases) {
        const res = await post('sql', { query, params });
        expect(res.statusCode, query).toBe(400);
        const body = res.json();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(body.message).toMatch(message);
        expect(body.message).not.toContain('\n');
      }
      expect(await count()).toBe(2);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });

    it('refuses statements that would end or reshape its transaction', async () => {
      for (const query of [
        'COMMIT',
        '  /* first */ rollback',
        '-- note\nBEGIN',
        'SAVEPOINT s1',
        'SET search_path = elsewhere',
      ]) {
        const res = await post('sql', { query });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toMatch(/not allowed/);
      }
    });

    it('answers 400 to malformed bodies', async () => {
      const bodies: unknown[] = [
        '',
        '{"query":',
        {},
        { query: 5 },
        { query: '' },
        { query: '   ' },
        { query: '-- only a comment' },
        { query: 'SELECT 1 AS one', params: 'not an array' },
        [],
      ];
      for (const body of bodies) {
        const res = await post('sql', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('POST /batch', () => {
    it('runs the statements in order and answers each result', async () => {
      const res = await post('batch', {
        statements: [
          { sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [3, 'third'] },
          'SELECT COUNT(*) AS n FROM notes',
          { sql: 'SELECT body FROM notes WHERE id = ?', args: [3] },
        ],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(typeof body.executionTime).toBe('number');
      expect(body.results).toEqual([
        { rows: [], columns: [], rowCount: 1 },
        { rows: [{ n: 3 }], columns: ['n'], rowCount: 1 },
        { rows: [{ body: 'third' }], columns: ['body'], rowCount: 1 },
      ]);
    });

    it('rolls the whole batch back when a statement fails', async () => {
      const res = await post('batch', {
        statements: [
          { sql: 'INSERT INTO notes (id, body) VALUES (?, ?)', args: [3, 'third'] },
          { sql: 'DELETE FROM notes WHERE id = ?', args: [1] },
          { sql: 'INSERT INTO missing_table (x) VALUES (?)', args: [1] },
        ],
        mode: 'write',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Statement 3: .*missing_table/);
      expect((await t.deps.store.query('SELECT id FROM notes ORDER BY id')).rows).toEqual([
        { id: 1 },
        { id: 2 },
      ]);
    });

    it('in read mode refuses a write and changes nothing', async () => {
      for (const sql of [
        "INSERT INTO notes (id, body) VALUES (3, 'third')",
        'DELETE FROM notes',
        "UPDATE notes SET body = 'x'",
        'CREATE TABLE sneaky (id INTEGER)',
        'DROP TABLE notes',
      ]) {
        const res = await post('batch', {
          statements: [{ sql: 'SELECT COUNT(*) AS n FROM notes' }, { sql }],
          mode: 'read',
        });
        expect(res.statusCode, sql).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await t.deps.store.query('SELECT id, body FROM notes ORDER BY id')).rows).toEqual([
        { id: 1, body: 'first' },
        { id: 2, body: 'second' },
      ]);
      const tables = await post('sql', { query: 'SELECT COUNT(*) AS n FROM notes' });
      expect(tables.statusCode).toBe(200);
    });

    it('in read mode runs reads', async () => {
      const res = await post('batch', {
        statements: [{ sql: 'SELECT body FROM notes WHERE id = ?', args: [2] }],
        mode: 'read',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().results[0].rows).toEqual([{ body: 'second' }]);
    });

    it('refuses a statement that would commit early, before running any of the batch', async () => {
      const res = await post('batch', {
        statements: [
          { sql: "INSERT INTO notes (id, body) VALUES (3, 'third')" },
          { sql: 'COMMIT' },
          { sql: 'DELETE FROM notes' },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Statement 2: COMMIT is not allowed/);
      expect(await count()).toBe(2);
    });

    it('answers 400 to malformed bodies', async () => {
      const bodies: unknown[] = [
        {},
        { statements: [] },
        { statements: 'SELECT 1' },
        { statements: [{ args: [1] }] },
        { statements: [{ sql: 'SELECT 1 AS one', args: 'x' }] },
        { statements: [{ sql: 'SELECT 1 AS one' }], mode: 'admin' },
        { statements: [42] },
      ];
      for (const body of bodies) {
        const res = await post('batch', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('time limit', () => {
    // Counts forever: only the time limit ends it.
    const runaway =
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) AS n FROM c';
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('stops a statement that runs past the limit with 400, serving other requests meanwhile', async () => {
      let answered = false;
      const slow = post('sql', { query: runaway }).then((res) => {
        answered = true;
        return res;
      });
      await pause(300);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(answered).toBe(false);

      const res = await slow;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'Statement exceeded the time limit of 1 s',
      });
      const after = await post('sql', { query: 'SELECT COUNT(*) AS n FROM notes' });
      expect(after.json().rows).toEqual([{ n: 2 }]);
    });

    it('rolls back a write batch stopped at the limit and leaves the database free to write', async () => {
      const slow = post('batch', {
        statements: [{ sql: "INSERT INTO notes (id, body) VALUES (3, 'third')" }, { sql: runaway }],
      });
      await pause(300);
      // The server's own write during the batch waits its turn instead of failing.
      await t.deps.store.query("INSERT INTO notes (id, body) VALUES (4, 'fourth')");
      const res = await slow;
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Statement 2 exceeded the time limit of 1 s');
      expect((await t.deps.store.query('SELECT id FROM notes ORDER BY id')).rows).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 4 },
      ]);

      await t.deps.store.query("INSERT INTO notes (id, body) VALUES (5, 'fifth')");
      const next = await post('batch', {
        statements: [{ sql: "INSERT INTO notes (id, body) VALUES (6, 'sixth')" }],
      });
      expect(next.statusCode).toBe(200);
      expect(await count()).toBe(5);
    });

    it('stops a runaway read batch the same way', async () => {
      const res = await post('batch', {
        statements: [{ sql: 'SELECT COUNT(*) AS n FROM notes' }, { sql: runaway }],
        mode: 'read',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Statement 2 exceeded the time limit of 1 s');
    });
  });
});
