/**
 * Households and answers for tests of what follows them (notices, reminders), written straight
 * to the store: the household and RSVP routes have tests of their own.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../src/store/store.ts';

const now = () => new Date().toISOString();

/** A household with these adults (user ids) and scouts (first names); returns its id. */
export async function addHousehold(
  db: Queryable,
  adults: readonly string[],
  scouts: readonly string[] = [],
): Promise<{ id: string; scoutIds: string[] }> {
  const id = crypto.randomUUID();
  await db.query('INSERT INTO households (id, name, created_at) VALUES (?, ?, ?)', [
    id,
    'Family',
    now(),
  ]);
  for (const userId of adults)
    await db.query(
      'INSERT INTO household_adults (household_id, user_id, joined_at) VALUES (?, ?, ?)',
      [id, userId, now()],
    );
  const scoutIds: string[] = [];
  for (const name of scouts) {
    const scoutId = crypto.randomUUID();
    await db.query(
      'INSERT INTO scouts (id, household_id, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [scoutId, id, name, 'Scout', now(), now()],
    );
    scoutIds.push(scoutId);
  }
  return { id, scoutIds };
}

/** One answer: `attendee` is `user:<id>` or `scout:<id>`. */
export async function answer(
  db: Queryable,
  a: {
    eventId: string;
    occurrence?: string;
    attendee: string;
    householdId: string | null;
    answer: 'going' | 'maybe' | 'not_going';
  },
): Promise<void> {
  const [kind, id] = a.attendee.split(':');
  await db.query(
    `INSERT INTO rsvps (id, event_id, occurrence, attendee, user_id, scout_id, household_id, answer, queued_at, answered_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      crypto.randomUUID(),
      a.eventId,
      a.occurrence ?? '',
      a.attendee,
      kind === 'user' ? id : null,
      kind === 'scout' ? id : null,
      a.householdId,
      a.answer,
      now(),
      now(),
    ],
  );
}
