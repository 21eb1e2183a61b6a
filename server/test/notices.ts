/**
 * What the tests of event notices share: a troop on a real SMTP peer, event writes through the
 * Data API, running the jobs due, and reading what arrived.
 */
import { afterEach, expect } from 'vitest';
import { buildMailTestApp, type MailTestApp } from './auth-links.ts';
import { bearer, signUp } from './auth.ts';
import type { ReceivedMail } from './mail.ts';
import type { StoreKind, TestApp } from './test-app.ts';

/** 08:00 in the troop's zone (America/New_York) on Wednesday 10 June 2026. */
export const NOW = Date.UTC(2026, 5, 10, 12);

export async function createEvent(t: TestApp, token: string, fields: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events`,
    headers: { ...bearer(token), prefer: 'return=representation' },
    payload: fields,
  });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: string }[])[0]!.id;
}

export async function patchEvent(
  t: TestApp,
  token: string,
  id: string,
  fields: Record<string, unknown>,
) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events?id=eq.${id}`,
    headers: bearer(token),
    payload: fields,
  });
  expect(res.statusCode).toBeLessThan(300);
}

export async function deleteEvent(t: TestApp, token: string, id: string) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events?id=eq.${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBeLessThan(300);
}

/** Runs every due job, and the jobs those schedule, until none is left. */
export async function runJobs(t: TestApp) {
  while ((await t.app.jobs.runDue()) > 0);
}

export const to = (m: ReceivedMail) => m.rcptTo.join(',');
export const withSubject = (t: MailTestApp, prefix: string) =>
  t.peer.received.filter((m) => (m.parsed.subject ?? '').startsWith(prefix));

/** A troop at NOW on a real SMTP peer: a leader, a parent and another member. */
export async function troopOn(kind: StoreKind) {
  const t = await buildMailTestApp(kind);
  t.clock.set(NOW);
  const leader = await signUp(t, { email: 'leader@troop12.org' });
  const parent = await signUp(t, { email: 'parent@troop12.org' });
  const other = await signUp(t, { email: 'other@troop12.org' });
  return { t, leader, parent, other };
}

/**
 * A fresh troop (troopOn) for each test of a suite, closed after the test: call once in the
 * suite's body, then `await troop()` in each test.
 */
export function troopPerTest(kind: StoreKind): () => ReturnType<typeof troopOn> {
  let current: MailTestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async () => {
    const made = await troopOn(kind);
    current = made.t;
    return made;
  };
}
