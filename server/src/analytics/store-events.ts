/**
 * Writes a batch's rows: events that are new (a resent batch matches the primary key and is
 * skipped), then their visits, in the caller's transaction so a visit never counts an event twice.
 * Rows carry their troop. The keys do not name it yet (migration 020): a visit id another troop
 * used already adds nothing to that troop's visit, so no troop's figures take another's events.
 */
import type { Queryable, Store } from '../store/store.ts';
import type { EventRow } from './event-intake.ts';

/** Every column of an analytics_events row, in the order they are written. */
export const EVENT_COLUMNS = [
  'troop_id',
  'session_id',
  'ts',
  'type',
  'pathname',
  'visitor',
  'user_id',
  'claimed_user_id',
  'referrer_host',
  'referrer_path',
  'screen_width',
  'channel',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'data',
] as const satisfies readonly (keyof EventRow)[];

const SESSION_COLUMNS = [
  'troop_id',
  'session_id',
  'visitor',
  'first_ts',
  'last_ts',
  'pageviews',
  'events',
  'entry_ts',
  'entry_path',
  'channel',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'screen_width',
] as const;

type SessionRow = Record<(typeof SESSION_COLUMNS)[number], string | number | null>;

const placeholders = (rows: number, columns: number) =>
  Array.from({ length: rows }, () => `(${Array(columns).fill('?').join(', ')})`).join(', ');

/** What the new events add to each visit; attribution comes from the visit's first event. */
export function visitsOf(rows: readonly EventRow[]): SessionRow[] {
  const visits = new Map<string, SessionRow>();
  for (const r of [...rows].sort((a, b) => a.ts - b.ts)) {
    const pageview = r.type === 'pageview';
    const v = visits.get(r.session_id);
    if (!v) {
      visits.set(r.session_id, {
        troop_id: r.troop_id,
        session_id: r.session_id,
        visitor: r.visitor,
        first_ts: r.ts,
        last_ts: r.ts,
        pageviews: pageview ? 1 : 0,
        events: 1,
        entry_ts: pageview ? r.ts : null,
        entry_path: pageview ? r.pathname : null,
        channel: r.channel,
        referrer_host: r.referrer_host,
        utm_source: r.utm_source,
        utm_medium: r.utm_medium,
        utm_campaign: r.utm_campaign,
        screen_width: r.screen_width,
      });
      continue;
    }
    v.last_ts = r.ts;
    v.events = Number(v.events) + 1;
    if (pageview) {
      v.pageviews = Number(v.pageviews) + 1;
      if (v.entry_ts === null) {
        v.entry_ts = r.ts;
        v.entry_path = r.pathname;
      }
    }
  }
  return [...visits.values()];
}

const older = (col: string) =>
  `${col} = CASE WHEN excluded.first_ts < analytics_sessions.first_ts THEN excluded.${col} ELSE analytics_sessions.${col} END`;

const UPSERT_VISITS = (count: number) =>
  `INSERT INTO analytics_sessions (${SESSION_COLUMNS.join(', ')}) VALUES ${placeholders(count, SESSION_COLUMNS.length)}
   ON CONFLICT (session_id) DO UPDATE SET
     first_ts = CASE WHEN excluded.first_ts < analytics_sessions.first_ts THEN excluded.first_ts ELSE analytics_sessions.first_ts END,
     last_ts = CASE WHEN excluded.last_ts > analytics_sessions.last_ts THEN excluded.last_ts ELSE analytics_sessions.last_ts END,
     pageviews = analytics_sessions.pageviews + excluded.pageviews,
     events = analytics_sessions.events + excluded.events,
     entry_path = CASE WHEN excluded.entry_ts IS NOT NULL AND (analytics_sessions.entry_ts IS NULL OR excluded.entry_ts < analytics_sessions.entry_ts) THEN excluded.entry_path ELSE analytics_sessions.entry_path END,
     entry_ts = CASE WHEN excluded.entry_ts IS NOT NULL AND (analytics_sessions.entry_ts IS NULL OR excluded.entry_ts < analytics_sessions.entry_ts) THEN excluded.entry_ts ELSE analytics_sessions.entry_ts END,
     ${['channel', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'screen_width'].map(older).join(',\n     ')}
   WHERE analytics_sessions.troop_id = excluded.troop_id`;

async function insertNew(tx: Queryable, rows: readonly EventRow[]): Promise<EventRow[]> {
  // The same event twice in one batch: keep one, as the primary key would.
  const unique = new Map(
    rows.map((r) => [`${r.session_id}\0${r.ts}\0${r.type}\0${r.pathname}`, r]),
  );
  const list = [...unique.values()];
  const { rows: inserted } = await tx.query<{
    session_id: string;
    ts: number | string;
    type: string;
    pathname: string;
  }>(
    `INSERT INTO analytics_events (${EVENT_COLUMNS.join(', ')}) VALUES ${placeholders(list.length, EVENT_COLUMNS.length)}
     ON CONFLICT DO NOTHING RETURNING session_id, ts, type, pathname`,
    list.flatMap((r) => EVENT_COLUMNS.map((c) => r[c])),
  );
  return inserted.map(
    (k) => unique.get(`${k.session_id}\0${Number(k.ts)}\0${k.type}\0${k.pathname}`) as EventRow,
  );
}

/**
 * Stores the rows, new events and their visits; answers the new ones (the rest had been stored
 * before), for the hourly counts (hourly-counts.ts).
 */
export async function writeEvents(tx: Queryable, rows: readonly EventRow[]): Promise<EventRow[]> {
  if (rows.length === 0) return [];
  const fresh = await insertNew(tx, rows);
  const visits = visitsOf(fresh);
  if (visits.length > 0)
    await tx.query(
      UPSERT_VISITS(visits.length),
      visits.flatMap((v) => SESSION_COLUMNS.map((c) => v[c])),
    );
  return fresh;
}

/** Deletes events and visits older than `cutoff` (ms since the epoch). */
export async function purgeEventsBefore(store: Store, cutoff: number): Promise<number> {
  const { rowCount } = await store.query('DELETE FROM analytics_events WHERE ts < ?', [cutoff]);
  await store.query('DELETE FROM analytics_sessions WHERE last_ts < ?', [cutoff]);
  await store.query('DELETE FROM analytics_hourly WHERE hour < ?', [cutoff - 3_600_000]);
  return rowCount;
}
