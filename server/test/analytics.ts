/** Helpers shared by the analytics tests: events as existing clients send them. */
import type { AnalyticsEvent } from '@scout/protocol/analytics';
import { nextAddress } from './auth.ts';
import type { TestApp } from './test-app.ts';

let session = 0;
export const nextSessionId = (t: TestApp) => `sess_${t.clock.now()}_s${++session}`;

export function analyticsEvent(
  t: TestApp,
  fields: Partial<AnalyticsEvent> & Record<string, unknown> = {},
): AnalyticsEvent {
  return {
    type: 'pageview',
    timestamp: new Date(t.clock.now()).toISOString(),
    project_id: t.deps.config.projectId,
    user_id: null,
    user_email: null,
    session_id: 'sess_1_default',
    pathname: '/',
    referrer: null,
    screen_width: 1280,
    channel: 'Direct',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
    ...fields,
  };
}

export function logEvents(
  t: TestApp,
  body: unknown,
  opts: { headers?: Record<string, string>; address?: string; projectId?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/analytics/${opts.projectId ?? t.deps.config.projectId}/log`,
    remoteAddress: opts.address ?? nextAddress(),
    headers: { 'content-type': 'application/json', ...opts.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function storedEvents(t: TestApp) {
  type Row = Record<string, unknown> & {
    pathname: string;
    type: string;
    data: string | null;
    user_id: string | null;
  };
  const { rows } = await t.deps.store.query<Row>(
    'SELECT * FROM analytics_events ORDER BY ts, type, pathname',
  );
  return rows.map((r) => ({
    ...r,
    ts: Number(r.ts),
  }));
}
