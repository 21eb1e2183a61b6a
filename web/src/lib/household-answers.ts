/**
 * What the calendar's rows and the dashboard's card show of a family's answers (protocol/src/
 * rsvps.ts, `GET .../rsvps/mine`): each person the member answers for, with their answer to one
 * event or occurrence, and whether any of them still owes one. The answers are read a month at
 * a time, the month of the date answers are stored under (an occurrence's series date, else the
 * event's start), so every row of a month shares one request and a moved occurrence still finds
 * its answers.
 */
import type { RsvpAnswer } from '@scout/protocol/rsvps';
import type { HouseholdAnswers } from '@scout/sdk/rsvps';

/** The single event, or the series and the occurrence's original date, as the server keys answers. */
export interface RsvpTarget {
  eventId: string;
  /** The series' date of the occurrence (YYYY-MM-DD); '' for a single event. */
  occurrence: string;
}

/** The cache key of one event's answer summary, or (no target) of every answer list of the member. */
export const rsvpsKey = (userId: string, target?: RsvpTarget) =>
  target ? (['rsvps', userId, target.eventId, target.occurrence] as const) : ['rsvps', userId];

/** The cache key of a month of the household's answers, or (no month) of every month read. */
export const householdAnswersKey = (userId: string, month?: string) =>
  month ? (['rsvps', userId, 'mine', month] as const) : (['rsvps', userId, 'mine'] as const);

/** `YYYY-MM` of the date the target's answers are stored under. */
export const answersMonth = (target: RsvpTarget, eventDate: string): string =>
  (target.occurrence || eventDate).slice(0, 7);

/** The first and last day of a `YYYY-MM` month. */
export function monthWindow(month: string): { from: string; to: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export interface PersonAnswer {
  attendee: string;
  name: string;
  youth: boolean;
  answer: RsvpAnswer | null;
  waitlisted: boolean;
}

/** Each person the member answers for, themself first, with their answer to the target. */
export function peopleAnswers(data: HouseholdAnswers, target: RsvpTarget): PersonAnswer[] {
  return data.people.map((p) => {
    const a = data.answers.find(
      (x) =>
        x.attendee === p.attendee &&
        x.eventId === target.eventId &&
        x.occurrence === target.occurrence,
    );
    return { ...p, answer: a?.answer ?? null, waitlisted: a?.waitlisted ?? false };
  });
}

/** Someone the member answers for has not answered yet. */
export const needsAnswer = (people: readonly PersonAnswer[]) =>
  people.some((p) => p.answer === null);

/** What decides whether an event (or occurrence) still takes the family's answers. */
export interface AnswerWindow {
  cancelled: boolean;
  /** An ISO instant; null when answers never close. */
  rsvpDeadline: string | null;
  /** Its day has gone by: the list shows it as past and offers no answers. */
  past: boolean;
}

/** Answers are still taken: not cancelled, not past, its deadline (if any) still ahead of `now`. */
export const takesAnswers = (event: AnswerWindow, now: number) =>
  !event.cancelled &&
  !event.past &&
  (event.rsvpDeadline === null || Date.parse(event.rsvpDeadline) > now);

/**
 * The household still owes the event an answer: it takes answers and someone the member
 * answers for has none. False while the month's answers are unread, so nothing is claimed
 * before it is known.
 */
export const awaitsAnswer = (
  data: HouseholdAnswers | undefined,
  target: RsvpTarget,
  event: AnswerWindow,
  now: number,
) => data !== undefined && takesAnswers(event, now) && needsAnswer(peopleAnswers(data, target));

/**
 * The month's answers with one person's answer set, as the screen shows it at once: a Going
 * answer that may have to wait is shown as Going until the server says where it stands.
 */
export function withAnswer(
  data: HouseholdAnswers,
  target: RsvpTarget,
  attendee: string,
  answer: RsvpAnswer,
): HouseholdAnswers {
  const same = (x: HouseholdAnswers['answers'][number]) =>
    x.attendee === attendee && x.eventId === target.eventId && x.occurrence === target.occurrence;
  return {
    ...data,
    answers: [
      ...data.answers.filter((x) => !same(x)),
      {
        eventId: target.eventId,
        occurrence: target.occurrence,
        attendee,
        answer,
        waitlisted: false,
      },
    ],
  };
}

/** "You" for the member themself (listed first), else the person's first name as a household knows them. */
export const shortName = (person: Pick<PersonAnswer, 'name'>, self: boolean) =>
  self ? 'You' : person.name.split(' ')[0] || person.name;

/** How many are going to the target, from the month's counts (0 when nobody is). */
export const goingTo = (data: HouseholdAnswers, target: RsvpTarget): number =>
  data.going.find((g) => g.eventId === target.eventId && g.occurrence === target.occurrence)
    ?.count ?? 0;

/** "12 places, 3 left", "12 places, full", or the capacity alone before the counts are read. */
export function placesFact(capacity: number, going: number | null): string {
  const places = `${capacity.toLocaleString('en-US')} ${capacity === 1 ? 'place' : 'places'}`;
  if (going === null) return places;
  const left = capacity - going;
  return left > 0 ? `${places}, ${left.toLocaleString('en-US')} left` : `${places}, full`;
}
