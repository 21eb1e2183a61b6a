/**
 * One member's Sunday evening, for bench/sunday-evening.ts: the requests the web app makes, one
 * after another, when the member opens the dashboard, then the calendar, then answers one upcoming
 * event. The query strings are built with the SDK's own helpers, as the app's calls build them:
 * - dashboard: the session (auth/me), the troop and the member's troops (frame/use-troops.ts),
 *   the roles (lib/use-can.ts), the next single events and the series' next 92 days
 *   (screens/dashboard/use-upcoming-events.ts), and the household's answers for the months of the
 *   events the card shows (lib/use-household-answers.ts);
 * - calendar: the list's Data API page(s) of 1,000 rows, the series window
 *   (screens/calendar/use-calendar-events.ts) and the household's answers of this month;
 * - the answer: PUT .../events/{id}/rsvps for themself (screens/calendar/rsvp/use-rsvps.ts);
 * - the two screens' pageviews (lib/screen-pageviews.ts), in the one batch the SDK's queue sends
 *   (sdk/src/analytics.ts).
 * The calendar's live updates (a WebSocket) are not part of it: no request to time.
 */
import http from 'node:http';
import type { AnalyticsEvent } from '../protocol/src/analytics.ts';
import { filterParams, orderParam, selectParam } from '../sdk/src/db/query.ts';
import { CALENDAR_EVENT_FIELDS } from '../web/src/screens/calendar/calendar-event.ts';
import {
  SERIES_DAYS_BEFORE,
  SERIES_WINDOW_DAYS,
} from '../web/src/screens/calendar/occurrence-list.ts';

export interface Member {
  userId: string;
  projectId: string;
  token: string;
  origin: string;
  agent: http.Agent;
}

export interface Failure {
  kind: string;
  method: string;
  path: string;
  status: number | string;
  body: string;
}

export interface Recorder {
  time(kind: string, ms: number): void;
  fail(failure: Failure): void;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const UPCOMING_PAGE = 20;
const LIST_PAGE = 1_000;
const SERIES_DAYS_AHEAD = 92;
const SLOTS = 3;

const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) =>
  dayKey(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

function send(m: Member, method: string, path: string, auth: boolean, body?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (auth) headers.authorization = `Bearer ${m.token}`;
    if (payload) headers['content-type'] = 'application/json';
    const req = http.request(`${m.origin}${path}`, { method, headers, agent: m.agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** One timed request: its time is kept under `kind`; any non-2xx or network error is a failure. */
async function timed(
  rec: Recorder,
  m: Member,
  kind: string,
  method: string,
  path: string,
  opts: { auth?: boolean; body?: unknown } = {},
): Promise<Answer | null> {
  const started = performance.now();
  try {
    const res = await send(m, method, path, opts.auth ?? true, opts.body);
    rec.time(kind, performance.now() - started);
    if (res.status >= 200 && res.status < 300) return res;
    rec.fail({ kind, method, path, status: res.status, body: res.body.slice(0, 300) });
  } catch (err) {
    rec.fail({ kind, method, path, status: 'network', body: String(err) });
  }
  return null;
}

function listPath(m: Member, opts: Parameters<typeof listQuery>[0]): string {
  const query = new URLSearchParams(listQuery(opts));
  return `/api/db/${m.projectId}/rest/v1/calendar_events?${query}`;
}

function listQuery(o: {
  select: readonly string[];
  where?: Record<string, unknown>;
  limit: number;
  cursor?: string;
}): Array<[string, string]> {
  // As sdk/src/db/table-client.ts listQuery orders them.
  const query = filterParams(o.where as never);
  const select = selectParam(o.select);
  if (select) query.unshift(['select', select]);
  const order = orderParam([{ eventDate: 'asc' }, { eventTime: 'asc' }] as never);
  if (order) query.push(['order', order]);
  query.push(['limit', String(o.limit)]);
  if (o.cursor !== undefined) query.push(['cursor', o.cursor]);
  return query;
}

const rows = (res: Answer | null) =>
  res ? (JSON.parse(res.body) as Record<string, unknown>[]) : [];
const nextCursor = (res: Answer | null) => {
  const c = res?.headers['x-next-cursor'];
  return typeof c === 'string' && c ? c : undefined;
};
const monthOf = (day: string) => day.slice(0, 7);
function monthPath(m: Member, month: string): string {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  const last = String(new Date(Date.UTC(y, mo, 0)).getUTCDate()).padStart(2, '0');
  return `/api/calendar/${m.projectId}/rsvps/mine?${new URLSearchParams({ from: `${month}-01`, to: `${month}-${last}` })}`;
}

/** The dashboard; answers the upcoming single events the card read (the member answers one). */
async function dashboard(rec: Recorder, m: Member, today: string) {
  const pid = m.projectId;
  await timed(rec, m, 'GET /api/auth/me', 'GET', '/api/auth/me');
  await timed(rec, m, 'GET /api/troops/{pid}', 'GET', `/api/troops/${pid}`, { auth: false });
  await timed(rec, m, 'GET /api/troops/{pid}/mine', 'GET', `/api/troops/${pid}/mine`);
  await timed(rec, m, 'GET /api/auth/roles', 'GET', `/api/auth/roles?projectId=${pid}`, {
    auth: false,
  });
  const select = ['id', 'eventName', 'eventDate', 'eventTime', 'allDay', 'status', 'rrule'];
  const upcoming: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const path = listPath(m, {
      select: [...select, 'seriesId'],
      where: { eventDate: { gte: today } },
      limit: UPCOMING_PAGE,
      cursor,
    });
    const res = await timed(rec, m, 'GET data api: upcoming (20 rows)', 'GET', path);
    for (const r of rows(res))
      if (!r.rrule && !r.series_id && r.status !== 'cancelled') upcoming.push(r);
    cursor = nextCursor(res);
  } while (cursor && upcoming.length < SLOTS);
  const ahead = new URLSearchParams({ from: today, to: addDays(today, SERIES_DAYS_AHEAD) });
  await timed(
    rec,
    m,
    'GET occurrences (92 days)',
    'GET',
    `/api/calendar/${pid}/occurrences?${ahead}`,
  );
  const months = new Set(upcoming.slice(0, SLOTS).map((r) => monthOf(String(r.event_date))));
  for (const month of months)
    await timed(rec, m, 'GET rsvps/mine (month)', 'GET', monthPath(m, month));
  return upcoming;
}

/** The calendar's list: every page of events, the series window, this month's answers. */
async function calendar(rec: Recorder, m: Member, today: string) {
  let cursor: string | undefined;
  do {
    const path = listPath(m, {
      select: [...CALENDAR_EVENT_FIELDS, 'seriesId'],
      limit: LIST_PAGE,
      cursor,
    });
    cursor = nextCursor(await timed(rec, m, 'GET data api: list page (1,000 rows)', 'GET', path));
  } while (cursor);
  const from = addDays(today, -SERIES_DAYS_BEFORE);
  const window = new URLSearchParams({ from, to: addDays(from, SERIES_WINDOW_DAYS - 1) });
  await timed(
    rec,
    m,
    'GET occurrences (400 days)',
    'GET',
    `/api/calendar/${m.projectId}/occurrences?${window}`,
  );
  await timed(rec, m, 'GET rsvps/mine (month)', 'GET', monthPath(m, monthOf(today)));
}

/** The whole visit; `pick` chooses which upcoming event the member answers. */
export async function sundayEvening(rec: Recorder, m: Member, pick: number): Promise<void> {
  const today = dayKey(new Date());
  const upcoming = await dashboard(rec, m, today);
  await calendar(rec, m, today);
  const event = upcoming[pick % Math.max(1, upcoming.length)];
  if (!event) {
    rec.fail({
      kind: 'answer',
      method: 'PUT',
      path: '-',
      status: 'none',
      body: 'no upcoming event',
    });
    return;
  }
  await timed(
    rec,
    m,
    'PUT rsvps (answer)',
    'PUT',
    `/api/calendar/${m.projectId}/events/${encodeURIComponent(String(event.id))}/rsvps`,
    { body: { attendee: `user:${m.userId}`, answer: pick % 3 ? 'going' : 'not_going' } },
  );
  const events = ['/dashboard', '/calendar'].map((pathname) => pageview(m, pathname));
  await timed(
    rec,
    m,
    'POST analytics log (2 pageviews)',
    'POST',
    `/api/analytics/${m.projectId}/log`,
    {
      body: { events },
    },
  );
}

/** A pageview as sdk/src/analytics.ts makes it, of a visit that came straight to the app. */
function pageview(m: Member, pathname: string): AnalyticsEvent {
  return {
    type: 'pageview',
    timestamp: new Date().toISOString(),
    project_id: m.projectId,
    user_id: m.userId,
    user_email: `${m.userId}@bench.example`,
    session_id: `sess_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`,
    pathname,
    referrer: null,
    screen_width: 390,
    channel: 'Direct',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
  };
}
