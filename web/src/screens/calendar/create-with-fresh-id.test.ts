import { describe, expect, it } from 'vitest';
import { buildCalendarEvent, type CalendarEvent } from './calendar-event.ts';
import { createWithFreshId } from './create-with-fresh-id.ts';

const input = { eventName: 'Camp', eventDate: '2026-07-04', eventTime: '19:30', hyperlink: null };
const creator = { id: 'user-1', displayName: 'Kim Lee' };

function builder() {
  let n = 0;
  return () => buildCalendarEvent(input, creator, 1_780_000_000_000, `s${(n += 1)}`);
}

const refusal = (status: number) => Object.assign(new Error('refused'), { status });

describe('createWithFreshId', () => {
  it('sends one event when the id is free', async () => {
    const sent: CalendarEvent[] = [];
    const row = await createWithFreshId(builder(), async (e) => (sent.push(e), e.id));
    expect(row).toBe('event_1780000000000_s1');
    expect(sent).toHaveLength(1);
  });

  it('tries once more with a new id when the server says the id is taken (409)', async () => {
    const sent: string[] = [];
    const row = await createWithFreshId(builder(), async (e) => {
      sent.push(e.id);
      if (sent.length === 1) throw refusal(409);
      return e.id;
    });
    expect(sent).toEqual(['event_1780000000000_s1', 'event_1780000000000_s2']);
    expect(row).toBe('event_1780000000000_s2');
  });

  it('passes on any other failure at once, and a second 409 after the one retry', async () => {
    let calls = 0;
    await expect(
      createWithFreshId(builder(), async () => {
        calls += 1;
        throw refusal(400);
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      createWithFreshId(builder(), async () => {
        calls += 1;
        throw refusal(409);
      }),
    ).rejects.toMatchObject({ status: 409 });
    expect(calls).toBe(2);
  });
});
