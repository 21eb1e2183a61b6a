/**
 * Helpers for the RSVP tests: households and scouts made by direct insert (as the household
 * routes would store them), events through the Data API, and the answer routes.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { callRest } from './rest.ts';
import type { TestApp } from './test-app.ts';

export interface ScoutSeed {
  id: string;
  first: string;
  last: string;
  /** The scout's own account, when the scout has one. */
  userId?: string;
}

/** A household with its adults (existing accounts) and scouts. */
export async function addHousehold(
  t: TestApp,
  id: string,
  adults: string[],
  scouts: ScoutSeed[] = [],
): Promise<void> {
  const now = new Date(t.clock.now()).toISOString();
  const db = t.deps.store;
  await db.query('INSERT INTO households (id, name, created_by, created_at) VALUES (?, ?, ?, ?)', [
    id,
    `${id} family`,
    adults[0] ?? null,
    now,
  ]);
  for (const userId of adults)
    await db.query(
      'INSERT INTO household_adults (household_id, user_id, joined_at) VALUES (?, ?, ?)',
      [id, userId, now],
    );
  for (const s of scouts)
    await db.query(
      `INSERT INTO scouts (id, household_id, first_name, last_name, patrol, birth_year, user_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'Eagles', 2014, ?, ?, ?)`,
      [s.id, id, s.first, s.last, s.userId ?? null, now, now],
    );
}

/** A single event made through the Data API by `token`; returns its id. */
export async function addEvent(
  t: TestApp,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const res = await callRest(t, 'POST', 'calendar_events', {
    token,
    prefer: 'return=representation',
    body: { eventName: 'Spring campout', eventDate: '2031-04-18', eventTime: '18:00', ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Array<{ id: string }>)[0]!.id;
}

const base = (t: TestApp, id: string) =>
  `/api/calendar/${t.deps.config.projectId}/events/${encodeURIComponent(id)}`;

export function readRsvps(
  t: TestApp,
  token: string,
  eventId: string,
  occurrence?: string,
): Promise<LightMyRequestResponse> {
  const q = occurrence !== undefined ? `?occurrence=${occurrence}` : '';
  return t.app.inject({
    method: 'GET',
    url: `${base(t, eventId)}/rsvps${q}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

export function answer(
  t: TestApp,
  token: string,
  eventId: string,
  body: { attendee: string; answer: string; note?: string | null; occurrence?: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `${base(t, eventId)}/rsvps`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

export function exportCsv(
  t: TestApp,
  token: string,
  eventId: string,
  occurrence?: string,
): Promise<LightMyRequestResponse> {
  const q = occurrence !== undefined ? `?occurrence=${occurrence}` : '';
  return t.app.inject({
    method: 'GET',
    url: `${base(t, eventId)}/rsvps.csv${q}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** How many answers are stored, whatever they are. */
export async function storedAnswers(t: TestApp): Promise<number> {
  const { rows } = await t.deps.store.query<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM rsvps',
  );
  return Number(rows[0]?.n ?? 0);
}
