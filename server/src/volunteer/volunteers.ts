/**
 * Who a place is taken, given back or offered for (docs/decisions/070-volunteer-sheets.md): a
 * member names themself (the default) or a scout of their household, as with RSVPs
 * (households/answerable.ts), and learns nothing about anyone else: every other key is a 403,
 * whether it exists or not. Holders of volunteer.manage (service keys too) name any person of
 * the troop; a service key must name one.
 */
import { ApiError } from '../errors.ts';
import { answerableAttendees, type Attendee } from '../households/answerable.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import { personOf } from '../rsvps/attendees.ts';
import type { Queryable } from '../store/store.ts';

export async function volunteerFor(
  db: Queryable,
  troopId: string,
  caller: SignedInCaller,
  manager: boolean,
  key: string | undefined,
): Promise<Attendee> {
  const mine = caller.kind === 'user' ? await answerableAttendees(db, troopId, caller.userId) : [];
  const self = caller.kind === 'user' && (key === undefined || key === `user:${caller.userId}`);
  const person = self ? mine[0] : mine.find((p) => p.attendee === key);
  if (person) return person;
  if (manager && key !== undefined) return personOf(db, troopId, key);
  if (key === undefined)
    throw new ApiError('VALIDATION_ERROR', 'Name the volunteer: user:<id> or scout:<id>');
  throw new ApiError(
    'FORBIDDEN',
    'You can take places for yourself and the scouts of your household only',
  );
}
