/**
 * The visit an event belongs to: `sess_<ms>_<random>` in localStorage, renewed after 30 minutes
 * without activity (docs/product.md section 9), with the landing page's UTM values and referrer
 * kept for the whole visit so every event of it carries the same attribution.
 */
import { UTM_FIELDS, newAnalyticsSessionId, type UtmValues } from '@scout/protocol/analytics';
import { ANALYTICS_SESSION_IDLE_MS } from '@scout/protocol/limits';
import type { StorageLike } from './auth/token-store.ts';
import { isRecord } from './browser.ts';

export interface AnalyticsVisit {
  id: string;
  /** Last event, ms since the epoch. */
  lastActivity: number;
  utm: UtmValues;
  referrer: string | null;
}

export const visitStorageKey = (projectId: string) => `blink_analytics_session_${projectId}`;

/** The UTM values of a landing URL; none when it carries none or cannot be read. */
export function utmOf(href: string): UtmValues {
  let params: URLSearchParams;
  try {
    params = new URL(href).searchParams;
  } catch {
    return {};
  }
  const utm: UtmValues = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(field);
    if (value) utm[field] = value;
  }
  return utm;
}

function read(storage: StorageLike, key: string): AnalyticsVisit | null {
  try {
    const v: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (!isRecord(v) || typeof v.id !== 'string' || typeof v.lastActivity !== 'number') return null;
    return {
      id: v.id,
      lastActivity: v.lastActivity,
      utm: isRecord(v.utm) ? (v.utm as UtmValues) : {},
      referrer: typeof v.referrer === 'string' ? v.referrer : null,
    };
  } catch {
    return null;
  }
}

export interface VisitSource {
  storage: StorageLike;
  projectId: string;
  now: () => number;
  /** The page's address and referrer now, for a visit that starts now. */
  landing: () => { href: string; referrer: string | null };
  random?: () => number;
}

/** The current visit, touched (or a new one when the last is idle or unreadable). */
export function touchVisit(src: VisitSource): AnalyticsVisit {
  const key = visitStorageKey(src.projectId);
  const now = src.now();
  const current = read(src.storage, key);
  const visit: AnalyticsVisit =
    current && now - current.lastActivity < ANALYTICS_SESSION_IDLE_MS
      ? { ...current, lastActivity: now }
      : (() => {
          const { href, referrer } = src.landing();
          return {
            id: newAnalyticsSessionId(now, src.random),
            lastActivity: now,
            utm: utmOf(href),
            referrer,
          };
        })();
  try {
    src.storage.setItem(key, JSON.stringify(visit));
  } catch {
    // A full or blocked storage: the visit lives in this page only.
  }
  return visit;
}

/** Forgets the visit's campaign and referrer, so later events count as Direct. */
export function clearVisitAttribution(src: Pick<VisitSource, 'storage' | 'projectId'>): void {
  const key = visitStorageKey(src.projectId);
  const current = read(src.storage, key);
  if (current) src.storage.setItem(key, JSON.stringify({ ...current, utm: {}, referrer: null }));
}
