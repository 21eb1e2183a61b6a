import { Link } from 'wouter';
import { eventDateTimeAttr } from '../../lib/event-format.ts';
import { answersMonth, awaitsAnswer, takesAnswers } from '../../lib/household-answers.ts';
import { NeedsAnswerBadge } from '../../lib/needs-answer-badge.tsx';
import { QuickAnswers } from '../../lib/quick-answers.tsx';
import { useHouseholdAnswers } from '../../lib/use-household-answers.ts';
import { cx } from '../../ui/cx.ts';
import { EmptyBlock } from './summary-card.tsx';
import { upcomingBlocks, upcomingWhen, type UpcomingEvent } from './upcoming.ts';
import { useUpcomingEvents } from './use-upcoming-events.ts';

const SLOTS = 3;

/** The Calendar card's three blocks: the next three events, and an empty block for each missing. */
export function UpcomingEvents({ userId }: { userId: string }) {
  const { events, isLoading, isError } = useUpcomingEvents(userId, SLOTS);
  if (isLoading) return <p className="py-3 text-sm text-stone-600">Loading upcoming events...</p>;
  if (isError)
    return <p className="py-3 text-sm text-stone-600">Could not load upcoming events.</p>;
  return (
    <ul aria-label="Next events" className="space-y-2.5">
      {upcomingBlocks(events, SLOTS).map((block) =>
        block.kind === 'event' ? (
          <EventBlock key={block.event.id} event={block.event} userId={userId} />
        ) : (
          <EmptyBlock key={block.key} label={block.label} />
        ),
      )}
    </ul>
  );
}

/**
 * Each event opens at its own address (protocol/src/app-paths.ts): the calendar, with it shown.
 * Below it, each of the family's answers, set with one tap; a cancelled event says so instead.
 */
function EventBlock({ event, userId }: { event: UpcomingEvent; userId: string }) {
  const now = Date.now();
  // The card's events are still ahead: only a cancellation or a deadline closes their answers.
  const answerWindow = {
    cancelled: event.cancelled,
    rsvpDeadline: event.rsvpDeadline,
    past: false,
  };
  // The month's answers, read once for the card and its one-tap answers.
  const { data } = useHouseholdAnswers(userId, answersMonth(event.target, event.eventDate));
  const owed = awaitsAnswer(data, event.target, answerWindow, now);
  return (
    <li className="relative flex min-h-12 flex-col justify-center rounded-xl border border-stone-200 bg-stone-50 px-3 py-1.5 focus-within:ring-2 focus-within:ring-scout-600 hover:border-scout-600 hover:bg-scout-50">
      {/* The link covers the block, so the whole block opens the event; the answers sit above it. */}
      <Link
        href={event.path}
        className={cx(
          'truncate text-sm font-semibold after:absolute after:inset-0 after:rounded-xl focus:outline-none',
          event.cancelled ? 'text-stone-600 line-through' : 'text-stone-900',
        )}
      >
        {event.eventName}
        {event.cancelled ? <span className="sr-only"> (cancelled)</span> : null}
      </Link>
      <p className="text-xs text-stone-600">
        {event.cancelled ? (
          <span className="mr-1.5 font-semibold text-red-800">Cancelled</span>
        ) : null}
        <time dateTime={eventDateTimeAttr(event.eventDate, event.eventTime)}>
          {upcomingWhen(event)}
        </time>
      </p>
      {owed ? <NeedsAnswerBadge className="mt-1 self-start" eventName={event.eventName} /> : null}
      {event.cancelled ? null : (
        <QuickAnswers
          className="relative z-10 mt-1.5"
          userId={userId}
          target={event.target}
          eventDate={event.eventDate}
          eventName={event.eventName}
          closed={!takesAnswers(answerWindow, now)}
        />
      )}
    </li>
  );
}
