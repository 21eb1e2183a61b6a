/**
 * The data of a reminder wave (bench/reminder-wave.ts): troops of a council, each with its
 * accounts (bench/council-seed.ts) and one event a few hours away, in UTC, so that every account
 * is due its reminder (48 hours ahead by default) the moment a server looks. Accounts belong to
 * no household, so each is a reminder target of its own: one reminder job and one mail each.
 */
import type { Store } from '../server/src/store/store.ts';
import {
  addBenchUnit,
  benchTroopId,
  benchTroopProject,
  COUNCIL_ID,
  dropSeedJobs,
  insertRows,
  seedUnit,
} from './council-seed.ts';

/** The event every troop meets at: this far after seeding, well inside the reminder window. */
const EVENT_AHEAD_MS = 6 * 3600_000;

export interface WaveSeed {
  /** Every address that must get its reminder once. */
  recipients: string[];
  troops: number;
}

export async function seedWave(
  store: Store,
  troops: number,
  accountsPerTroop: number,
): Promise<WaveSeed> {
  await addBenchUnit(store, {
    id: COUNCIL_ID,
    projectId: COUNCIL_ID,
    kind: 'council',
    councilId: null,
  });
  const start = new Date(Date.now() + EVENT_AHEAD_MS).toISOString();
  const recipients: string[] = [];
  const events: unknown[][] = [];
  for (let n = 1; n <= troops; n++) {
    const troopId = benchTroopId(n);
    await addBenchUnit(store, {
      id: troopId,
      projectId: benchTroopProject(n),
      kind: 'troop',
      councilId: COUNCIL_ID,
    });
    const size = { accounts: accountsPerTroop, events: 0, answers: 0, series: 0 };
    await seedUnit(store, troopId, size, 1000 + n);
    for (let i = 0; i < accountsPerTroop; i++) recipients.push(`${troopId}_u${i}@bench.example`);
    const at = '2026-01-01T00:00:00.000Z';
    const leader = `${troopId}_u0`;
    const [date, time] = [start.slice(0, 10), start.slice(11, 16)];
    events.push([`${troopId}_wave`, leader, 'Camp-out', date, time, at, at, troopId]);
  }
  await store.query("UPDATE troops SET time_zone = 'UTC'");
  await insertRows(
    store,
    'calendar_events',
    [
      'id',
      'user_id',
      'event_name',
      'event_date',
      'event_time',
      'created_at',
      'updated_at',
      'troop_id',
    ],
    events,
  );
  // Only the reminders are measured: the new events' own notices (migration 032) are dropped.
  await dropSeedJobs(store);
  return { recipients: recipients.map((r) => r.toLowerCase()), troops };
}
