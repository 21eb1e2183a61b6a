/**
 * Who may do what, as data: every caller x every operation x every kind of table, each cell
 * asserted, refused writes included (they must change nothing). Member A owns the target rows.
 * Every call is made through the first troop's path while a second troop holds rows of its own
 * (A's among them) and makes member B and the leader its admins: no cell may read, change or take the
 * role of anything of the second troop (docs/decisions/065-troops.md).
 * The leader has the default configuration's `leader` role (docs/roles.md): a member who also
 * changes and deletes every calendar event, and nothing more of the tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import {
  addMember,
  addTroop,
  callRest,
  insertMemberRow,
  SERVICE_KEY,
  serviceKeys,
  type TestMember,
} from '../../test/rest.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

const A = 'member-a';
const B = 'member-b';
const C = 'member-c';
const ADMIN = 'admin-1';
const LEADER = 'leader-1';
/** The second troop, its member (of it only), and its rows: none is ever answered or changed. */
const OTHER_TROOP = 'troop-2';
const X = 'member-x';
const OTHER_ROWS: Record<Table, string> = {
  users: X,
  custom_users: X,
  calendar_events: 'event-x',
  troop_notes: 'note-x',
};

type Actor = 'anonymous' | 'memberA' | 'memberB' | 'leader' | 'admin' | 'service';
type Op = 'list' | 'get' | 'insertSelf' | 'insertForA' | 'update' | 'delete';
type Table = 'users' | 'custom_users' | 'calendar_events' | 'troop_notes';

/** status; for reads and changes the ids answered; for inserts the owner of the new row (null: none). */
interface Outcome {
  status: number;
  ids?: string[];
  owner?: string | null;
}

const ok = (...ids: string[]): Outcome => ({ status: 200, ids });
const created = (owner?: string | null): Outcome => ({
  status: 201,
  ...(owner !== undefined ? { owner } : {}),
});
const denied = (status = 403): Outcome => ({ status });
const ANON = denied(401);

const MATRIX: Record<Table, Record<Op, Record<Actor, Outcome>>> = {
  users: {
    list: {
      anonymous: ANON,
      memberA: ok(A),
      memberB: ok(B),
      leader: ok(LEADER),
      admin: ok(ADMIN, LEADER, A, B, C),
      service: ok(ADMIN, LEADER, A, B, C),
    },
    get: {
      anonymous: ANON,
      memberA: ok(A),
      memberB: ok(),
      leader: ok(),
      admin: ok(A),
      service: ok(A),
    },
    insertSelf: {
      anonymous: ANON,
      memberA: denied(),
      memberB: denied(),
      leader: denied(),
      admin: created(),
      service: created(),
    },
    insertForA: {
      anonymous: ANON,
      memberA: denied(),
      memberB: denied(),
      leader: denied(),
      admin: created(),
      service: created(),
    },
    update: {
      anonymous: ANON,
      memberA: ok(A),
      memberB: ok(),
      leader: ok(),
      admin: ok(A),
      service: ok(A),
    },
    delete: {
      anonymous: ANON,
      memberA: denied(),
      memberB: denied(),
      leader: denied(),
      admin: ok(A),
      service: ok(A),
    },
  },
  custom_users: {
    list: {
      anonymous: ANON,
      memberA: ok(A),
      memberB: ok(B),
      leader: ok(),
      admin: ok(A, B),
      service: ok(A, B),
    },
    get: {
      anonymous: ANON,
      memberA: ok(A),
      memberB: ok(),
      leader: ok(),
      admin: ok(A),
      service: ok(A),
    },
    // A service key is nobody: it must name the user.
    insertSelf: {
      anonymous: ANON,
      memberA: created(A),
      memberB: created(B),
      leader: created(LEADER),
      admin: created(ADMIN),
      service: denied(400),
    },
    insertForA: {
      anonymous: ANON,
      memberA: created(A),
      memberB: denied(),
      leader: denied(),
      admin: created(A),
      service: created(A),
    },
    update: {
      anonymous: ANON,
      memberA: ok(A),
      memberB: ok(),
      leader: ok(),
      admin: ok(A),
      service: ok(A),
    },
    delete: {
      anonymous: ANON,
      memberA: ok(A),
      memberB: ok(),
      leader: ok(),
      admin: ok(A),
      service: ok(A),
    },
  },
  calendar_events: {
    list: {
      anonymous: ANON,
      memberA: ok('event-a', 'event-b'),
      memberB: ok('event-a', 'event-b'),
      leader: ok('event-a', 'event-b'),
      admin: ok('event-a', 'event-b'),
      service: ok('event-a', 'event-b'),
    },
    get: {
      anonymous: ANON,
      memberA: ok('event-a'),
      memberB: ok('event-a'),
      leader: ok('event-a'),
      admin: ok('event-a'),
      service: ok('event-a'),
    },
    insertSelf: {
      anonymous: ANON,
      memberA: created(A),
      memberB: created(B),
      leader: created(LEADER),
      admin: created(ADMIN),
      service: denied(400),
    },
    // A leader fixes anyone's event but creates events as themself only.
    insertForA: {
      anonymous: ANON,
      memberA: created(A),
      memberB: denied(),
      leader: denied(),
      admin: created(A),
      service: created(A),
    },
    // B sees A's event but may not change it: 403, not an empty match. A leader may.
    update: {
      anonymous: ANON,
      memberA: ok('event-a'),
      memberB: denied(),
      leader: ok('event-a'),
      admin: ok('event-a'),
      service: ok('event-a'),
    },
    delete: {
      anonymous: ANON,
      memberA: ok('event-a'),
      memberB: denied(),
      leader: ok('event-a'),
      admin: ok('event-a'),
      service: ok('event-a'),
    },
  },
  troop_notes: {
    list: {
      anonymous: ANON,
      memberA: ok('note-a'),
      memberB: ok('note-b'),
      leader: ok(),
      admin: ok('note-a', 'note-b'),
      service: ok('note-a', 'note-b'),
    },
    get: {
      anonymous: ANON,
      memberA: ok('note-a'),
      memberB: ok(),
      leader: ok(),
      admin: ok('note-a'),
      service: ok('note-a'),
    },
    insertSelf: {
      anonymous: ANON,
      memberA: created(A),
      memberB: created(B),
      leader: created(LEADER),
      admin: created(ADMIN),
      service: created(null),
    },
    insertForA: {
      anonymous: ANON,
      memberA: created(A),
      memberB: denied(),
      leader: denied(),
      admin: created(A),
      service: created(A),
    },
    update: {
      anonymous: ANON,
      memberA: ok('note-a'),
      memberB: ok(),
      leader: ok(),
      admin: ok('note-a'),
      service: ok('note-a'),
    },
    delete: {
      anonymous: ANON,
      memberA: ok('note-a'),
      memberB: ok(),
      leader: ok(),
      admin: ok('note-a'),
      service: ok('note-a'),
    },
  },
};

const EVENT = { event_name: 'Troop meeting', event_date: '2026-03-02', event_time: '19:00' };

interface TableCase {
  /** A's row: the target of get, update and delete. */
  rowA: string;
  /** The column naming a row's owner. */
  owner: string | null;
  insertSelf: Record<string, unknown>;
  insertForA: Record<string, unknown>;
  update: [column: string, value: string];
}

const CASES: Record<Table, TableCase> = {
  users: {
    rowA: A,
    owner: null,
    insertSelf: { email: 'new@troop12.org' },
    insertForA: { email: 'boss@troop12.org', role: 'admin' },
    update: ['display_name', 'Changed'],
  },
  custom_users: {
    rowA: A,
    owner: 'user_id',
    insertSelf: { firstName: 'New' },
    insertForA: { userId: A, firstName: 'New' },
    update: ['first_name', 'Changed'],
  },
  calendar_events: {
    rowA: 'event-a',
    owner: 'user_id',
    insertSelf: EVENT,
    insertForA: { ...EVENT, userId: A },
    update: ['event_name', 'Changed'],
  },
  troop_notes: {
    rowA: 'note-a',
    owner: 'owner_id',
    insertSelf: { text: 'New' },
    insertForA: { ownerId: A, text: 'New' },
    update: ['text', 'Changed'],
  },
};

describe.each(testStoreKinds)('authorization matrix (%s)', (kind) => {
  let t: TestApp;
  const tokens: Partial<Record<Actor, string>> = { service: SERVICE_KEY };
  const actorId: Record<Actor, string | null> = {
    anonymous: null,
    memberA: A,
    memberB: B,
    leader: LEADER,
    admin: ADMIN,
    service: null,
  };

  beforeAll(async () => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys } });
    await addTroop(t, OTHER_TROOP, 'troop-2-project');
    const members: Array<[Actor, TestMember]> = [
      ['memberA', await addMember(t, A)],
      ['memberB', await addMember(t, B)],
      ['leader', await addMember(t, LEADER, 'leader')],
      ['admin', await addMember(t, ADMIN, 'admin')],
    ];
    for (const [actor, m] of members) tokens[actor] = m.token;
    // The dynamic table exists once something was written to it.
    const res = await callRest(t, 'POST', 'troop_notes', {
      token: tokens.memberA,
      body: { text: 'first' },
    });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  /** Known rows in every table; `withoutProfile` leaves those users without a custom_users row. */
  async function reset(withoutProfile: Array<string | null>) {
    const db = t.deps.store;
    await db.query('DELETE FROM troop_notes');
    await db.query('DELETE FROM users');
    for (const id of [A, B, C]) await insertMemberRow(t, id);
    await insertMemberRow(t, ADMIN, 'admin');
    await insertMemberRow(t, LEADER, 'leader');
    const now = new Date(t.clock.now()).toISOString();
    // The second troop: its own member, and B and the leader its admins (their role here stays
    // theirs); A's rows there are A's own, so only the troop keeps them out of A's answers.
    await insertMemberRow(t, X);
    await db.query('DELETE FROM memberships WHERE user_id = ?', [X]);
    for (const [id, role] of [
      [X, 'user'],
      [B, 'admin'],
      [LEADER, 'admin'],
    ])
      await db.query(
        'INSERT INTO memberships (user_id, troop_id, role, status, joined_at) VALUES (?, ?, ?, ?, ?)',
        [id, OTHER_TROOP, role, 'active', now],
      );
    await db.query(
      'INSERT INTO custom_users (id, user_id, first_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      [X, X, 'Other', now, now],
    );
    await db.query(
      'INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at, troop_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ['event-x', A, 'Campout', '2026-04-10', '08:00', now, now, OTHER_TROOP],
    );
    await db.query(
      'INSERT INTO troop_notes (id, owner_id, text, created_at, updated_at, troop_id) VALUES (?, ?, ?, ?, ?, ?)',
      ['note-x', A, 'Bring tents', now, now, OTHER_TROOP],
    );
    for (const id of [A, B].filter((id) => !withoutProfile.includes(id))) {
      await db.query(
        'INSERT INTO custom_users (id, user_id, first_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        [id, id, 'First', now, now],
      );
    }
    for (const [id, owner] of [
      ['event-a', A],
      ['event-b', B],
    ]) {
      await db.query(
        'INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [id, owner, 'Campout', '2026-04-10', '08:00', now, now],
      );
    }
    for (const [id, owner] of [
      ['note-a', A],
      ['note-b', B],
    ]) {
      await db.query(
        'INSERT INTO troop_notes (id, owner_id, text, created_at, updated_at, troop_id) VALUES (?, ?, ?, ?, ?, ?)',
        [id, owner, 'Bring tents', now, now, FIRST_TROOP_ID],
      );
    }
  }

  const snapshot = async (table: Table) =>
    (await t.deps.store.query(`SELECT * FROM ${table} ORDER BY id`)).rows;

  const cells = (Object.keys(MATRIX) as Table[]).flatMap((table) =>
    (Object.keys(MATRIX[table]) as Op[]).flatMap((op) =>
      (Object.keys(MATRIX[table][op]) as Actor[]).map((actor) => ({
        table,
        op,
        actor,
        expected: MATRIX[table][op][actor],
      })),
    ),
  );

  it.each(cells)('$table: $op by $actor', async ({ table, op, actor, expected }) => {
    const c = CASES[table];
    const self = actorId[actor];
    await reset(op === 'insertSelf' ? [self] : op === 'insertForA' ? [A] : []);
    const before = await snapshot(table);
    const otherBefore = before.find((r) => r.id === OTHER_ROWS[table]);
    expect(otherBefore, 'the second troop has its row').toBeDefined();
    const token = tokens[actor];
    const res =
      op === 'list'
        ? await callRest(t, 'GET', `${table}?select=id`, { token })
        : op === 'get'
          ? await callRest(t, 'GET', `${table}?id=eq.${c.rowA}`, { token })
          : op === 'update'
            ? await callRest(t, 'PATCH', `${table}?id=eq.${c.rowA}`, {
                token,
                body: { [c.update[0]]: c.update[1] },
              })
            : op === 'delete'
              ? await callRest(t, 'DELETE', `${table}?id=eq.${c.rowA}`, { token })
              : await callRest(t, 'POST', table, {
                  token,
                  body: op === 'insertSelf' ? c.insertSelf : c.insertForA,
                });
    const after = await snapshot(table);

    expect(res.statusCode, res.body).toBe(expected.status);
    expect(
      after.find((r) => r.id === OTHER_ROWS[table]),
      'the second troop’s row is as it was',
    ).toEqual(otherBefore);
    if (expected.status >= 400) {
      expect(res.json().error.code).toBeTruthy();
      expect(after, 'a refused call changes nothing').toEqual(before);
      return;
    }
    const rows = res.json() as Array<Record<string, unknown>>;
    if (expected.ids) expect(rows.map((r) => r.id).sort()).toEqual(expected.ids);
    expect(rows.map((r) => r.id)).not.toContain(OTHER_ROWS[table]);
    if (op === 'list' || op === 'get' || expected.ids?.length === 0) {
      expect(after, 'reads and empty matches change nothing').toEqual(before);
    }
    // Password hashes never leave the server, whoever asks.
    for (const row of rows) expect(row).not.toHaveProperty('password_hash');
    if (op === 'update' && expected.ids?.length) {
      expect(after.find((r) => r.id === c.rowA)?.[c.update[0]]).toBe(c.update[1]);
    }
    if (op === 'delete' && expected.ids?.length) {
      expect(after.find((r) => r.id === c.rowA)).toBeUndefined();
      expect(after).toHaveLength(before.length - 1);
    }
    if (expected.status === 201) {
      expect(rows).toHaveLength(1);
      expect(after).toHaveLength(before.length + 1);
      if (expected.owner !== undefined && c.owner) expect(rows[0]?.[c.owner]).toBe(expected.owner);
      if (table === 'custom_users') expect(rows[0]?.id).toBe(rows[0]?.user_id);
    }
  });
});
