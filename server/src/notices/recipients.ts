/**
 * Who a notice goes to (docs/product.md, Reminders and notifications). Only active accounts
 * ever get mail; each person's own settings decide per kind.
 *
 * - New events: every active member but the one who made the event.
 * - Changes (a move, a cancellation, any change told): every active member but the one who made
 *   the event, as for a new event, whether their household answered or not: a family that saw
 *   the meeting and planned on it without answering needs to know it moved as much as one that
 *   answered. The read rule then keeps it from anyone who may not read the event. Before the
 *   event's "New event" mail went out, only the households that answered.
 * - Removals of a meeting: the households that answered it (or the occurrence): their adults,
 *   and whoever answered with an account of their own.
 * - Reminders: every household, and every member in none, unless all its people said "not
 *   going"; the household's adults receive it.
 */
import type { EventRecord } from '../calendar/occurrences.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import { createdJobKey } from './job-kinds.ts';

/*
 * Every read is one troop's (docs/decisions/065-troops.md): "active" is a membership of the
 * troop that is active, and answers, households and scouts are the troop's rows. A council's
 * event concerns the members and answers of each of its troops (event-audience.ts), so the
 * reads of a change's or a removal's people take the units hearing of the event.
 */

/** RSVP answer that takes a person out of reminders (protocol/src/rsvps.ts). */
const NOT_GOING = 'not_going';

export interface Recipient {
  id: string;
  email: string;
  displayName: string | null;
}

/**
 * The accounts among `ids` active in the troop; with no troop (a member's digest of every troop),
 * those active in any troop.
 */
export async function activeUsers(
  db: Queryable,
  troopId: string | null,
  ids: readonly string[],
): Promise<Recipient[]> {
  const out: Recipient[] = [];
  const unique = [...new Set(ids)];
  const inTroop = troopId === null ? '' : 'AND m.troop_id = ?';
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const { rows } = await db.query<{ id: string; email: string; display_name: string | null }>(
      `SELECT id, email, display_name FROM users u WHERE id IN (${chunk.map(() => '?').join(', ')})
         AND EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = u.id AND m.status = 'active' ${inTroop})
       ORDER BY id`,
      troopId === null ? chunk : [...chunk, troopId],
    );
    out.push(...rows.map((r) => ({ id: r.id, email: r.email, displayName: r.display_name })));
  }
  return out;
}

/**
 * Whom a change to an event row may concern: every active member but the event's maker, once
 * the event was announced. While its "New event" mail still waits for its batch to close
 * (batches.ts), that mail tells everyone of the event as it then stands, and only those who
 * already answered it knew it otherwise. `units` are those hearing of the event's unit
 * (event-audience.ts): a council's event concerns the members and answers of its troops too.
 */
export async function changeRecipientIds(
  db: Queryable,
  troopId: string,
  units: readonly string[],
  row: EventRecord,
  now: number,
  today: string,
): Promise<string[]> {
  if (await announcementPending(db, troopId, row.series_id ?? row.id, now))
    return answeredRecipientIds(db, units, row, today);
  const members = await activeMembersOf(db, units);
  return members.filter((id) => id !== row.user_id);
}

/** The active members of any of the units, each once. */
async function activeMembersOf(db: Queryable, units: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT user_id AS id FROM memberships
     WHERE troop_id IN (${units.map(() => '?').join(', ')}) AND status = 'active' ORDER BY user_id`,
    [...units],
  );
  return rows.map((r) => r.id);
}

/**
 * Is the event's "New event" mail still to go out: its `event-created` job not run yet (unless
 * it was made to tell nobody), or the batch it joined not closed yet?
 */
async function announcementPending(db: Queryable, troopId: string, eventId: string, now: number) {
  const job = await db.query<{ done_at: string | null; failed_at: string | null; payload: string }>(
    'SELECT done_at, failed_at, payload FROM jobs WHERE dedupe_key = ? AND troop_id = ?',
    [createdJobKey(eventId), troopId],
  );
  const created = job.rows[0];
  if (created && !created.done_at && !created.failed_at)
    return (JSON.parse(created.payload) as { announce?: boolean }).announce !== false;
  const batch = await db.query<{ n: number }>(
    'SELECT COUNT(*) AS n FROM notice_batch_events WHERE troop_id = ? AND event_id = ? AND closes_at > ?',
    [troopId, eventId, isoInstant(now)],
  );
  return Number(batch.rows[0]?.n ?? 0) > 0;
}

/**
 * The answers an event row's notice concerns, in the units given (a council's event is answered
 * in each of its troops): its own, a series' (upcoming), or one occurrence's.
 */
function answerScope(
  units: readonly string[],
  row: EventRecord,
  today: string,
): { sql: string; params: string[] } {
  const troop = `troop_id IN (${units.map(() => '?').join(', ')}) AND `;
  if (row.series_id && row.recurrence_date)
    return {
      sql: `${troop}event_id = ? AND occurrence = ?`,
      params: [...units, row.series_id, row.recurrence_date],
    };
  if (row.rrule)
    return { sql: `${troop}event_id = ? AND occurrence >= ?`, params: [...units, row.id, today] };
  return { sql: `${troop}event_id = ? AND occurrence = ''`, params: [...units, row.id] };
}

/** The people of the households that answered, and those who answered with an account. */
export async function answeredRecipientIds(
  db: Queryable,
  units: readonly string[],
  row: EventRecord,
  today: string,
): Promise<string[]> {
  const scope = answerScope(units, row, today);
  const { rows } = await db.query<{ user_id: string | null }>(
    `SELECT user_id FROM rsvps WHERE ${scope.sql} AND user_id IS NOT NULL
     UNION
     SELECT a.user_id FROM household_adults a
       WHERE a.troop_id IN (${units.map(() => '?').join(', ')})
         AND a.household_id IN (SELECT household_id FROM rsvps WHERE ${scope.sql} AND household_id IS NOT NULL)`,
    [...scope.params, ...units, ...scope.params],
  );
  return rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
}

/**
 * Whom reminders go to, as targets: `household:<id>` (its adults) and `user:<id>` (a member in
 * no household, who is no scout of one either).
 */
export async function reminderTargets(
  db: Queryable,
  troopId: string,
): Promise<Map<string, string[]>> {
  const targets = new Map<string, string[]>();
  const adults = await db.query<{ household_id: string; user_id: string }>(
    `SELECT a.household_id, a.user_id FROM household_adults a
       JOIN memberships m ON m.user_id = a.user_id AND m.troop_id = a.troop_id
     WHERE a.troop_id = ? AND m.status = 'active' ORDER BY a.household_id, a.user_id`,
    [troopId],
  );
  for (const r of adults.rows) {
    const key = `household:${r.household_id}`;
    targets.set(key, [...(targets.get(key) ?? []), r.user_id]);
  }
  const lone = await db.query<{ id: string }>(
    `SELECT m.user_id AS id FROM memberships m WHERE m.troop_id = ? AND m.status = 'active'
       AND NOT EXISTS (SELECT 1 FROM household_adults a WHERE a.troop_id = m.troop_id AND a.user_id = m.user_id)
       AND NOT EXISTS (SELECT 1 FROM scouts s WHERE s.troop_id = m.troop_id AND s.user_id = m.user_id)
     ORDER BY m.user_id`,
    [troopId],
  );
  for (const r of lone.rows) targets.set(`user:${r.id}`, [r.id]);
  return targets;
}

/** The adults a target names, active ones only. */
export async function targetAdults(
  db: Queryable,
  troopId: string,
  target: string,
): Promise<string[]> {
  const [kind, id] = [target.slice(0, target.indexOf(':')), target.slice(target.indexOf(':') + 1)];
  if (kind === 'user') return (await activeUsers(db, troopId, [id])).map((u) => u.id);
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT a.user_id FROM household_adults a
       JOIN memberships m ON m.user_id = a.user_id AND m.troop_id = a.troop_id
     WHERE a.troop_id = ? AND a.household_id = ? AND m.status = 'active' ORDER BY a.user_id`,
    [troopId, id],
  );
  return rows.map((r) => r.user_id);
}

export type TargetAnswer = 'going' | 'all_not_going' | 'open';

/**
 * Where a target stands for one occurrence: someone going; everyone answered "not going" (no
 * reminder); or not everyone answered yet.
 */
export async function targetAnswer(
  db: Queryable,
  troopId: string,
  target: string,
  eventId: string,
  occurrence: string,
): Promise<TargetAnswer> {
  const id = target.slice(target.indexOf(':') + 1);
  const household = target.startsWith('household:');
  const answers = await db.query<{ answer: string }>(
    household
      ? 'SELECT answer FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND household_id = ?'
      : 'SELECT answer FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND user_id = ?',
    [troopId, eventId, occurrence, id],
  );
  if (answers.rows.some((r) => r.answer === 'going')) return 'going';
  let people = 1;
  if (household) {
    const count = await db.query<{ n: number }>(
      `SELECT (SELECT COUNT(*) FROM household_adults WHERE troop_id = ? AND household_id = ?)
            + (SELECT COUNT(*) FROM scouts WHERE troop_id = ? AND household_id = ?) AS n`,
      [troopId, id, troopId, id],
    );
    people = Number(count.rows[0]?.n ?? 0);
  }
  const no = answers.rows.filter((r) => r.answer === NOT_GOING).length;
  return no >= people && no > 0 ? 'all_not_going' : 'open';
}
