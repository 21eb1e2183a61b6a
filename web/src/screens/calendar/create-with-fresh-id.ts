/**
 * Event ids carry a random suffix, and the server refuses a taken id with 409 rather than
 * overwrite someone else's event. A refused id gets one more try with a new one; any other
 * failure, or a second refusal, goes to the caller.
 */
import type { CalendarEvent } from './calendar-event.ts';

const isDuplicateId = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 409;

export async function createWithFreshId<R>(
  build: () => CalendarEvent,
  create: (event: CalendarEvent) => Promise<R>,
): Promise<R> {
  try {
    return await create(build());
  } catch (err) {
    if (!isDuplicateId(err)) throw err;
    return create(build());
  }
}
