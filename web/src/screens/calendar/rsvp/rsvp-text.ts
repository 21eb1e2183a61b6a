/** The words the answers panel shows: counts, the deadline, places and a person's state. */
import { RSVP_ANSWER_LABELS, type RsvpCounts } from '@scout/protocol/rsvps';
import type { RsvpPerson, RsvpSummary } from '@scout/sdk/rsvps';

const n = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "3 youth and 2 adults going, 1 maybe, 4 not going, 5 no answer yet, 2 on the waitlist". */
export function countsText(c: RsvpCounts): string {
  const parts = [
    `${n(c.youthGoing, 'youth', 'youth')} and ${n(c.adultsGoing, 'adult', 'adults')} going`,
    `${c.maybe.toLocaleString('en-US')} maybe`,
    `${c.notGoing.toLocaleString('en-US')} not going`,
    `${c.noAnswer.toLocaleString('en-US')} no answer yet`,
  ];
  if (c.waitlisted > 0) parts.push(`${c.waitlisted.toLocaleString('en-US')} on the waitlist`);
  return parts.join(', ');
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** "Answer by Fri, Apr 10, 8:00 PM", "Answers closed Fri, Apr 10, 8:00 PM", or null. */
export function deadlineText(s: Pick<RsvpSummary, 'deadline' | 'closed'>): string | null {
  if (!s.deadline) return null;
  return s.closed ? `Answers closed ${when(s.deadline)}` : `Answer by ${when(s.deadline)}`;
}

/** "4 of 12 places left", "Full: new Going answers join the waitlist", or null. */
export function placesText(s: Pick<RsvpSummary, 'capacity' | 'placesLeft'>): string | null {
  if (s.capacity === null) return null;
  if (!s.placesLeft)
    return `Full (${n(s.capacity, 'place', 'places')}): new Going answers join the waitlist`;
  return `${s.placesLeft.toLocaleString('en-US')} of ${n(s.capacity, 'place', 'places')} left`;
}

/** What one person's answer is now, in words. */
export function personState(
  p: Pick<RsvpPerson, 'answer' | 'waitlisted' | 'waitlistPosition'>,
): string {
  if (!p.answer) return 'No answer yet';
  if (p.waitlisted) return `Going, waitlist position ${p.waitlistPosition ?? '?'}`;
  return RSVP_ANSWER_LABELS[p.answer];
}
