/**
 * The analytics event as existing clients send it (docs/product.md sections 3 and 9) to
 * `POST /api/analytics/{projectId}/log` in `{events: [...]}`: fixed snake_case fields, and the
 * event's custom data spread at the top level beside them.
 */
import type { AnalyticsChannel } from './analytics-channel.ts';
import { ANALYTICS_STRING_MAX } from './limits.ts';

export interface AnalyticsEvent {
  type: string;
  /** ISO 8601. */
  timestamp: string;
  project_id: string;
  user_id: string | null;
  user_email: string | null;
  /** `sess_<ms>_<random>`, renewed after 30 minutes without activity. */
  session_id: string;
  pathname: string;
  referrer: string | null;
  screen_width: number | null;
  channel: AnalyticsChannel;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  [custom: string]: unknown;
}

export const UTM_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
] as const;

export const ANALYTICS_FIXED_FIELDS = [
  'type',
  'timestamp',
  'project_id',
  'user_id',
  'user_email',
  'session_id',
  'pathname',
  'referrer',
  'screen_width',
  'channel',
  ...UTM_FIELDS,
] as const;

export type UtmValues = Partial<Record<(typeof UTM_FIELDS)[number], string>>;

/**
 * Why a whole batch was let go without looking at its events: it was sent to another project's
 * address, or its body was over ANALYTICS_BODY_MAX_BYTES (docs/protocol.md, Analytics).
 */
export const ANALYTICS_LOG_REASONS = ['unknown_project', 'body_too_large'] as const;
export type AnalyticsLogReason = (typeof ANALYTICS_LOG_REASONS)[number];

export interface AnalyticsLogAnswer {
  accepted: number;
  dropped: number;
  /** Only when the batch was let go whole. */
  reason?: AnalyticsLogReason;
}

const MAX_DEPTH = 8;

/**
 * Every string inside `value` cut to `max` characters (the first max - 3 and `...`), as existing
 * clients cut them. Objects and arrays are copied; nesting deeper than 8 levels, and cycles,
 * become null rather than a stack overflow.
 */
export function truncateStrings<T>(value: T, max: number = ANALYTICS_STRING_MAX): T {
  const cut = (v: unknown, depth: number, seen: Set<object>): unknown => {
    if (typeof v === 'string') return v.length > max ? `${v.slice(0, max - 3)}...` : v;
    if (v === null || typeof v !== 'object') return v;
    if (depth >= MAX_DEPTH || seen.has(v)) return null;
    seen.add(v);
    const out = Array.isArray(v)
      ? v.map((item) => cut(item, depth + 1, seen))
      : Object.fromEntries(
          Object.entries(v as Record<string, unknown>).map(([k, item]) => [
            k,
            cut(item, depth + 1, seen),
          ]),
        );
    seen.delete(v);
    return out;
  };
  return cut(value, 0, new Set()) as T;
}

/** The session id format existing clients use. */
export const newAnalyticsSessionId = (nowMs: number, random: () => number = Math.random) =>
  `sess_${nowMs}_${random().toString(36).slice(2, 11).padEnd(9, '0')}`;

export const ANALYTICS_SESSION_ID_PATTERN = /^sess_\d{1,15}_[a-z0-9]{1,32}$/;

/** The dashboard's periods; `custom` takes `from` and `to` (YYYY-MM-DD, in the troop's time zone). */
export const ANALYTICS_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export interface AnalyticsBreakdownRow {
  name: string;
  /** Visits (entry pages, channels, referrers, campaigns, screen sizes), pageviews (top pages) or events (custom events). */
  count: number;
}

/** `GET /api/analytics/{projectId}/stats` */
export interface AnalyticsStats {
  range: {
    period: AnalyticsPeriod;
    /** First and last day, inclusive, in `timezone`. */
    from: string;
    to: string;
    timezone: string;
    bucket: 'hour' | 'day';
  };
  totals: {
    visitors: number;
    visits: number;
    pageviews: number;
    /** Percent of visits with at most one pageview, 0-100. */
    bounceRate: number;
    visitDurationSeconds: number;
  };
  /** One point per hour (today) or per day; `label` is `YYYY-MM-DD` or `YYYY-MM-DDTHH:00`. */
  series: Array<{ label: string; visitors: number; visits: number; pageviews: number }>;
  topPages: AnalyticsBreakdownRow[];
  entryPages: AnalyticsBreakdownRow[];
  channels: AnalyticsBreakdownRow[];
  referrers: AnalyticsBreakdownRow[];
  campaigns: AnalyticsBreakdownRow[];
  screenSizes: AnalyticsBreakdownRow[];
  customEvents: AnalyticsBreakdownRow[];
  /** Visitors with an event in the last 5 minutes. */
  liveVisitors: number;
}
