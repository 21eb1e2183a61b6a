/**
 * Seeds what a sign-up sheet journey starts from, through the API the app itself calls: an event
 * made by the page's member, and members' answers to it, so the sheet has riders to seat.
 */
import { expect, type Page } from '@playwright/test';
import type { ApiSession } from './calendar.ts';

/** Makes a single event through the Data API as the session's member; answers its id. */
export async function seedEvent(
  page: Page,
  api: ApiSession,
  e: { name: string; date: string; time: string; creatorName: string },
): Promise<string> {
  const id = `event_${Date.now()}_${Math.random().toString(36).slice(2, 7)}`;
  const made = await page.request.post(`${api.origin}${api.eventsPath}`, {
    headers: api.headers,
    data: {
      id,
      eventName: e.name,
      eventDate: e.date,
      eventTime: e.time,
      creatorName: e.creatorName,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return id;
}

/** The session's member answers for themself (Going unless said), as the RSVP panel would. */
export async function answerThroughApi(
  page: Page,
  api: ApiSession,
  eventId: string,
  answer: 'going' | 'maybe' | 'not_going' = 'going',
) {
  const me = await page.request.get(`${api.origin}/api/auth/me`, { headers: api.headers });
  expect(me.ok()).toBe(true);
  const { user } = (await me.json()) as { user: { id: string } };
  const path = `/api/calendar/${encodeURIComponent(api.projectId)}/events/${encodeURIComponent(eventId)}/rsvps`;
  const answered = await page.request.put(`${api.origin}${path}`, {
    headers: api.headers,
    data: { attendee: `user:${user.id}`, answer },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
}
