/**
 * Events per hour, type and path (`analytics_hourly`), which the dashboard's top pages and
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

type Count = [hour: number, type: string, pathname: string, events: number];

/** New events counted by hour, type and path, in key order (the order rows are locked in). */
export function hourlyCountsOf(rows: readonly EventRow[]): Count[] {
  const counts = new Map<string, Count>();
  for (const r of rows) {
    const hour = Math.floor(r.ts / HOUR) * HOUR;
    const key = `${hour}\0${r.type}\0${r.pathname}`;
    const c = counts.get(key);
    if (c) c[3]++;
    else counts.set(key, [hour, r.type, r.pathname, 1]);
  }
  return sortCounts([...counts.values()]);
}

const sortCounts = (counts: Count[]) =>
  counts.sort((a, b) =>
    a[0] !== b[0] ? a[0] - b[0] : a[1] !== b[1] ? (a[1] < b[1] ? -1 : 1) : a[2] < b[2] ? -1 : 1,
  );

export async function writeHourlyCounts(db: Queryable, counts: readonly Count[]): Promise<void> {
  for (let i = 0; i < counts.length; i += ROWS_PER_STATEMENT) {
    const part = counts.slice(i, i + ROWS_PER_STATEMENT);
    await db.query(
      `INSERT INTO analytics_hourly (hour, type, pathname, events)
       VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}
       ON CONFLICT (hour, type, pathname) DO UPDATE SET events = analytics_hourly.events + excluded.events`,
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

  const addCount = ([hour, type, pathname, events]: Count) => {
    const key = `${hour}\0${type}\0${pathname}`;
    const c = pending.get(key);
    if (c) c[3] += events;
    else pending.set(key, [hour, type, pathname, events]);
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
