import { Link } from 'wouter';
import { eventDateTimeAttr, formatEventDate, formatEventTime } from '../../lib/event-format.ts';
import { takesAnswers } from '../../lib/household-answers.ts';
import { QuickAnswers } from '../../lib/quick-answers.tsx';
import { CalendarIcon } from '../../ui/icons.tsx';
import { usePostEvent } from './use-post-event.ts';

/**
 * An event in a post: its name and when, a link to it in the calendar, and the one-tap answers
 * for the member and their household's scouts, as the dashboard's card answers them.
 */
export function EventCard({ userId, id, date }: { userId: string; id: string; date?: string }) {
  const { data: event, isPending, isError } = usePostEvent(userId, id, date);
  const box =
    'not-prose my-4 min-w-0 rounded-xl border border-scout-200 bg-scout-50 p-3 text-stone-900';
  if (isPending) return <p className={box}>Loading the event...</p>;
  if (isError || !event)
    return <p className={box}>This event is no longer on the calendar, or is not yours to see.</p>;
  const when = event.time
    ? `${formatEventDate(event.date)}, ${formatEventTime(event.time)}`
    : formatEventDate(event.date);
  return (
    <section aria-label={`Event: ${event.name}`} className={box}>
      <div className="flex min-w-0 items-start gap-2.5">
        <CalendarIcon className="mt-0.5 size-5 shrink-0 text-scout-700" />
        <div className="min-w-0">
          <Link
            href={event.path}
            className="text-base font-semibold break-words text-scout-800 underline-offset-2 hover:underline"
          >
            {event.name}
          </Link>
          <p className="text-sm text-stone-700">
            {event.cancelled ? (
              <span className="mr-1.5 font-semibold text-red-800">Cancelled</span>
            ) : null}
            <time dateTime={eventDateTimeAttr(event.date, event.time)}>{when}</time>
          </p>
        </div>
      </div>
      {event.cancelled || event.past ? null : (
        <QuickAnswers
          className="mt-2"
          userId={userId}
          target={event.target}
          eventDate={event.date}
          eventName={event.name}
          closed={!takesAnswers(event, Date.now())}
        />
      )}
    </section>
  );
}
