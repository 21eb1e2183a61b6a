import { Link } from 'wouter';
import { eventDateTimeAttr } from '../../lib/event-format.ts';
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
          <EventBlock key={block.event.id} event={block.event} />
        ) : (
          <EmptyBlock key={block.key} label={block.label} />
        ),
      )}
    </ul>
  );
}

/** Each event opens at its own address (protocol/src/app-paths.ts): the calendar, with it shown. */
function EventBlock({ event }: { event: UpcomingEvent }) {
  return (
    <li className="relative flex min-h-12 flex-col justify-center rounded-xl border border-stone-200 bg-stone-50 px-3 py-1.5 focus-within:ring-2 focus-within:ring-scout-600 hover:border-scout-600 hover:bg-scout-50">
      {/* The link covers the block, so the whole block opens the event. */}
      <Link
        href={event.path}
        className="truncate text-sm font-semibold text-stone-900 after:absolute after:inset-0 after:rounded-xl focus:outline-none"
      >
        {event.eventName}
      </Link>
      <time
        className="text-xs text-stone-600"
        dateTime={eventDateTimeAttr(event.eventDate, event.eventTime)}
      >
        {upcomingWhen(event)}
      </time>
    </li>
  );
}
