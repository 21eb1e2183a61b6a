/**
 * The collector's pure part: a request body, as sent, to the rows to store and the number of
 * events dropped. Each event is judged on its own: one bad event never costs its batch
 * (a client requeues a refused batch forever; docs/operations.md "Analytics").
 */
import { channelOf, referrerHost } from '@scout/protocol/analytics-channel';
import { ANALYTICS_FIXED_FIELDS, UTM_FIELDS, truncateStrings } from '@scout/protocol/analytics';
import {
  ANALYTICS_EVENT_DATA_MAX_BYTES,
  ANALYTICS_MAX_EVENTS_PER_REQUEST,
  ANALYTICS_STRING_MAX,
} from '@scout/protocol/limits';

/** Who sent the batch, as the server knows it (never as the events claim it). */
export type IntakeIdentity = { kind: 'verified'; userId: string } | { kind: 'anonymous' };

export interface EventRow {
  /** The troop whose address the batch was sent to (docs/decisions/065-troops.md). */
  troop_id: string;
  session_id: string;
  ts: number;
  type: string;
  pathname: string;
  visitor: string;
  /** The account of the access token sent with the batch. */
  user_id: string | null;
  /** A user id the event claims without a token to prove it: kept as unverified. */
  claimed_user_id: string | null;
  referrer_host: string | null;
  referrer_path: string | null;
  screen_width: number | null;
  channel: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
  data: string | null;
}

export interface IntakeContext {
  troopId: string;
  projectId: string;
  identity: IntakeIdentity;
  now: number;
  /** Events older than this are not taken (they would be purged at once). */
  retentionMs: number;
  /** The pseudonym a user id is counted under (a keyed hash): the dashboard counts, never names. */
  pseudonym: (userId: string) => string;
}

/** Clocks of visitors' devices drift; an event from further ahead than this is refused. */
const FUTURE_SKEW_MS = 24 * 60 * 60 * 1000;
const FIXED = new Set<string>(ANALYTICS_FIXED_FIELDS);

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The referrer's host and path: never its query or fragment, which may carry names or tokens. */
function referrerParts(referrer: string | null): { host: string | null; path: string | null } {
  if (!referrer) return { host: null, path: null };
  const host = referrerHost(referrer);
  if (!host) return { host: null, path: null };
  const path = new URL(referrer).pathname;
  return { host, path: path.slice(0, ANALYTICS_STRING_MAX) };
}

function customData(event: Record<string, unknown>): string | null | undefined {
  const custom = Object.entries(event).filter(([k]) => !FIXED.has(k));
  if (custom.length === 0) return null;
  const text = JSON.stringify(Object.fromEntries(custom));
  return text.length > ANALYTICS_EVENT_DATA_MAX_BYTES ? undefined : text;
}

/** One event to its row, or null when it cannot be stored as sent. */
export function eventRow(raw: unknown, ctx: IntakeContext): EventRow | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const event = truncateStrings(raw as Record<string, unknown>);
  const type = str(event.type);
  const sessionId = str(event.session_id);
  if (!type || !sessionId) return null;
  if (event.project_id != null && event.project_id !== ctx.projectId) return null;
  const ts = typeof event.timestamp === 'string' ? Date.parse(event.timestamp) : NaN;
  if (!Number.isFinite(ts) || ts > ctx.now + FUTURE_SKEW_MS || ts < ctx.now - ctx.retentionMs)
    return null;
  const pathname = typeof event.pathname === 'string' ? event.pathname || '/' : null;
  if (pathname === null) return null;
  const data = customData(event);
  if (data === undefined) return null;
  const referrer = str(event.referrer);
  const utm = Object.fromEntries(UTM_FIELDS.map((f) => [f, str(event[f])])) as Record<
    (typeof UTM_FIELDS)[number],
    string | null
  >;
  const width = event.screen_width;
  const screenWidth =
    typeof width === 'number' && Number.isInteger(width) && width > 0 && width < 100_000
      ? width
      : null;
  const claimedId = str(event.user_id);
  const userId = ctx.identity.kind === 'verified' ? ctx.identity.userId : null;
  const someone = userId ?? claimedId;
  const { host, path } = referrerParts(referrer);
  return {
    troop_id: ctx.troopId,
    session_id: sessionId,
    ts,
    type,
    pathname,
    visitor: someone ? ctx.pseudonym(someone) : sessionId,
    user_id: userId,
    claimed_user_id: userId ? null : claimedId,
    // No email is kept: a member's is on their account, and a claimed one proves nothing.
    referrer_host: host,
    referrer_path: path,
    screen_width: screenWidth,
    channel: channelOf({ utmMedium: utm.utm_medium, referrer }),
    ...utm,
    data,
  };
}

export interface Intake {
  rows: EventRow[];
  dropped: number;
}

/** The events of a body `{events: [...]}`; anything else holds none. */
const eventsOf = (body: unknown): unknown[] =>
  body !== null && typeof body === 'object' && Array.isArray((body as { events?: unknown }).events)
    ? (body as { events: unknown[] }).events
    : [];

/** How many events a body holds, valid or not. */
export const countEvents = (body: unknown): number => eventsOf(body).length;

export function readEvents(body: unknown, ctx: IntakeContext): Intake {
  const events = eventsOf(body);
  const rows: EventRow[] = [];
  let dropped = Math.max(0, events.length - ANALYTICS_MAX_EVENTS_PER_REQUEST);
  for (const raw of events.slice(0, ANALYTICS_MAX_EVENTS_PER_REQUEST)) {
    const row = eventRow(raw, ctx);
    if (row) rows.push(row);
    else dropped++;
  }
  return { rows, dropped };
}
