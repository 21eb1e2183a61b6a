/**
 * A council's worth of troops in one store, for bench/council-scale.ts, written straight to the
 * tables the server reads (the same every run): each troop with its accounts, its events (single
 * events and a weekly meeting series) and its members' answers, and the council's own events.
 * The same function seeds the one-troop server the council is compared with.
 */
import crypto from 'node:crypto';
import { loadConfig } from '../server/src/config.ts';
import type { Store } from '../server/src/store/store.ts';
import { FIRST_TROOP_ID } from '../server/src/store/tenancy.ts';
import { mulberry32 } from './processes.ts';

export interface TroopSize {
  accounts: number;
  /** Single events over three years from 2026-01-01, besides its weekly meeting series. */
  events: number;
  answers: number;
  /** Weekly meeting series (default one). */
  series?: number;
}

export interface SeededUnit {
  troopId: string;
  /** The account whose token makes the measured requests: an ordinary member of the troop. */
  memberId: string;
}

const ROWS_PER_INSERT = 400;
const AT = '2026-01-01T00:00:00.000Z';
const DAYS = 3 * 365;
const pad = (n: number) => String(n).padStart(2, '0');
const day = (offset: number) =>
  new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

/** Inserts `rows` into `table` a few hundred at a time, in one transaction. */
export async function insertRows(
  store: Store,
  table: string,
  columns: readonly string[],
  rows: unknown[][],
): Promise<void> {
  const marks = `(${columns.map(() => '?').join(', ')})`;
  await store.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      await tx.query(
        `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => marks).join(', ')}`,
        chunk.flat(),
      );
    }
  });
}

const EVENT_COLUMNS = [
  'id',
  'user_id',
  'event_name',
  'event_date',
  'event_time',
  'location',
  'rrule',
  'created_at',
  'updated_at',
  'troop_id',
] as const;

/** `count` single events and `series` weekly meetings of the unit, made by `creatorId`. */
function eventRows(
  troopId: string,
  creatorId: string,
  count: number,
  series: number,
  seed: number,
): unknown[][] {
  const random = mulberry32(seed);
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const time = `${pad(8 + Math.floor(random() * 12))}:${pad(Math.floor(random() * 4) * 15)}`;
    rows.push([
      `${troopId}_e${i}`,
      creatorId,
      `Event ${i}`,
      day(Math.floor(random() * DAYS)),
      time,
      i % 2 ? 'Scout Hall' : null,
      null,
      AT,
      AT,
      troopId,
    ]);
  }
  for (let s = 0; s < series; s++)
    rows.push([
      s === 0 ? `${troopId}_meeting` : `${troopId}_meeting${s}`,
      creatorId,
      'Troop meeting',
      '2026-01-06',
      '19:00',
      'Scout Hall',
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20290101',
      AT,
      AT,
      troopId,
    ]);
  return rows;
}

/** Adds the unit's accounts (the first one its leader) with memberships there. */
async function seedAccounts(store: Store, troopId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${troopId}_u${i}`);
  const hash = crypto.createHash('sha256').update(troopId).digest('hex');
  await insertRows(
    store,
    'users',
    ['id', 'email', 'password_hash', 'display_name', 'role', 'created_at', 'updated_at'],
    ids.map((id, i) => [id, `${id}@bench.example`, hash, `Member ${i}`, 'user', AT, AT]),
  );
  // A new account joins the first troop (migration 041's trigger): each here joins its own only.
  await store.query(`DELETE FROM memberships WHERE user_id LIKE ? ESCAPE '!'`, [
    `${troopId.replaceAll('_', '!_')}!_u%`,
  ]);
  await insertRows(
    store,
    'memberships',
    ['user_id', 'troop_id', 'role', 'status', 'joined_at'],
    ids.map((id, i) => [id, troopId, i === 0 ? 'leader' : 'user', 'active', AT]),
  );
  return ids;
}

/** Answers of the unit's members to its single events, each (event, person) at most once. */
function answerRows(troopId: string, accounts: string[], size: TroopSize, seed: number) {
  const random = mulberry32(seed);
  const seen = new Set<string>();
  const rows: unknown[][] = [];
  while (rows.length < Math.min(size.answers, size.events * accounts.length)) {
    const event = `${troopId}_e${Math.floor(random() * size.events)}`;
    const user = accounts[Math.floor(random() * accounts.length)] as string;
    if (seen.has(`${event} ${user}`)) continue;
    seen.add(`${event} ${user}`);
    const answer = random() < 0.7 ? 'going' : 'not_going';
    rows.push([`${event}_${user}`, event, '', `user:${user}`, user, answer, AT, user, AT, troopId]);
  }
  return rows;
}

/** One troop (or the council) with its accounts, events and answers. */
export async function seedUnit(
  store: Store,
  troopId: string,
  size: TroopSize,
  seed: number,
): Promise<SeededUnit> {
  const accounts = await seedAccounts(store, troopId, size.accounts);
  const leader = accounts[0] as string;
  await insertRows(
    store,
    'calendar_events',
    EVENT_COLUMNS,
    eventRows(troopId, leader, size.events, size.series ?? 1, seed),
  );
  await insertRows(
    store,
    'rsvps',
    [
      'id',
      'event_id',
      'occurrence',
      'attendee',
      'user_id',
      'answer',
      'queued_at',
      'answered_by',
      'answered_at',
      'troop_id',
    ],
    answerRows(troopId, accounts, size, seed + 1),
  );
  return { troopId, memberId: accounts[1] ?? leader };
}

/** A unit row: the council, or a troop of it (the first troop exists from the migrations). */
export async function addBenchUnit(
  store: Store,
  unit: { id: string; projectId: string; kind: 'troop' | 'council'; councilId: string | null },
): Promise<void> {
  if (unit.id === FIRST_TROOP_ID) {
    await store.query('UPDATE troops SET council_id = ? WHERE id = ?', [unit.councilId, unit.id]);
    return;
  }
  await store.query(
    `INSERT INTO troops (id, kind, number, name, project_id, council_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [unit.id, unit.kind, unit.id, `Bench ${unit.id}`, unit.projectId, unit.councilId, AT],
  );
}

/** Seeded rows are long announced: their notice jobs go, so the server does not send them. */
export async function dropSeedJobs(store: Store): Promise<void> {
  await store.query('DELETE FROM jobs');
  if (store.dialect === 'postgres') await store.query('VACUUM ANALYZE');
  else await store.query('ANALYZE');
}

/** The council both council benchmarks seed: 100 troops of one council and its own events. */
export const COUNCIL_TROOPS = 100;
export const TROOP_SIZE: TroopSize = { accounts: 80, events: 1_000, answers: 2_000 };
export const COUNCIL_SIZE: TroopSize = { accounts: 5, events: 100, answers: 0 };
export const COUNCIL_ID = 'bench-council';

/** Troop n of the council (1 to COUNCIL_TROOPS): the first is the server's own troop. */
export const benchTroopId = (n: number) => (n === 1 ? FIRST_TROOP_ID : `bt${n}`);
export const benchTroopProject = (n: number) =>
  n === 1 ? loadConfig({}).projectId : `bench-t${n}`;

/**
 * The council and its troops with their accounts, events and answers; answers each troop's
 * ordinary member whose token measures it (by troop number).
 */
export async function seedCouncil(store: Store): Promise<Map<number, string>> {
  await addBenchUnit(store, {
    id: COUNCIL_ID,
    projectId: COUNCIL_ID,
    kind: 'council',
    councilId: null,
  });
  await seedUnit(store, COUNCIL_ID, COUNCIL_SIZE, 7);
  const members = new Map<number, string>();
  for (let n = 1; n <= COUNCIL_TROOPS; n++) {
    await addBenchUnit(store, {
      id: benchTroopId(n),
      projectId: benchTroopProject(n),
      kind: 'troop',
      councilId: COUNCIL_ID,
    });
    members.set(n, (await seedUnit(store, benchTroopId(n), TROOP_SIZE, 1000 + n)).memberId);
  }
  await dropSeedJobs(store);
  return members;
}
