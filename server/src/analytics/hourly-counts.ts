/**
 * Events per troop, hour, type and path (`analytics_hourly`, keyed by troop since migration 047),
 * which each troop's dashboard's top pages and
 * custom events read. A popular page's count is one row that every batch would update: written
 * in each batch's transaction, concurrent batches would queue on its lock (PostgreSQL) and
 * could deadlock on two pages locked in opposite orders. So each server process adds up new
 * events in memory and writes them once a second, in key order, and before it answers the
 * dashboard. A process that dies loses at most its last second of these counts; events and
 * visits are written whole with their batch.
 */
import type { Queryable } from '../store/store.ts';
import type { EventRow } from './event-intake.ts';

const HOUR = 3_600_000;
const FLUSH_MS = 1000;
const ROWS_PER_STATEMENT = 500;

export interface HourlyCounter {
  add(fresh: readonly EventRow[]): void;
  /** Writes what has been added; the dashboard calls it before reading. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

type Count = [troopId: string, hour: number, type: string, pathname: string, events: number];

const keyOf = (c: Count) => `${c[0]}\0${c[1]}\0${c[2]}\0${c[3]}`;

/**
 * New events counted by troop, hour, type and path, in key order (the order rows are locked
 * in).
 */
export function hourlyCountsOf(rows: readonly EventRow[]): Count[] {
  const counts = new Map<string, Count>();
  for (const r of rows) {
    const count: Count = [r.troop_id, Math.floor(r.ts / HOUR) * HOUR, r.type, r.pathname, 1];
    const c = counts.get(keyOf(count));
    if (c) c[4]++;
    else counts.set(keyOf(count), count);
  }
  return sortCounts([...counts.values()]);
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const sortCounts = (counts: Count[]) =>
  counts.sort(
    (a, b) =>
      compareText(a[0], b[0]) || a[1] - b[1] || compareText(a[2], b[2]) || compareText(a[3], b[3]),
  );

export async function writeHourlyCounts(db: Queryable, counts: readonly Count[]): Promise<void> {
  for (let i = 0; i < counts.length; i += ROWS_PER_STATEMENT) {
    const part = counts.slice(i, i + ROWS_PER_STATEMENT);
    await db.query(
      `INSERT INTO analytics_hourly (troop_id, hour, type, pathname, events)
       VALUES ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')}
       ON CONFLICT (troop_id, hour, type, pathname) DO UPDATE SET events = analytics_hourly.events + excluded.events`,
      part.flat(),
    );
  }
}

export function createHourlyCounter(db: Queryable, onError: (err: unknown) => void): HourlyCounter {
  let pending = new Map<string, Count>();
  let writing: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    // One write at a time, in the order they were taken; a failed one does not stop the next.
    writing = writing
      .catch(() => undefined)
      .then(async () => {
        if (pending.size === 0) return;
        const taken = sortCounts([...pending.values()]);
        pending = new Map();
        try {
          await writeHourlyCounts(db, taken);
        } catch (err) {
          // Put them back for the next flush rather than lose them.
          for (const c of taken) addCount(c);
          throw err;
        }
      });
    return writing;
  };

  const addCount = (count: Count) => {
    const c = pending.get(keyOf(count));
    if (c) c[4] += count[4];
    else pending.set(keyOf(count), [...count]);
  };

  const timer = setInterval(() => void flush().catch(onError), FLUSH_MS);
  timer.unref();

  return {
    add: (fresh) => hourlyCountsOf(fresh).forEach(addCount),
    flush,
    close: async () => {
      clearInterval(timer);
      await flush().catch(onError);
    },
  };
}
