import { memo, useId } from 'react';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Spinner } from '../../ui/spinner.tsx';
import type { CalendarEvent } from './calendar-event.ts';
import { CalendarPlusIcon, ClockIcon, ExternalLinkIcon, TrashIcon } from './calendar-icons.tsx';
import {
  eventDateTimeAttr,
  formatEventDate,
  formatEventTime,
  parseLocalDate,
} from './event-format.ts';
import { safeHref } from './event-link.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface EventRowProps {
  event: CalendarEvent;
  /** The creator (docs/product.md section 6), and those the roles configuration lets manage every event. */
  canDelete: boolean;
  downloading: boolean;
  highlighted: boolean;
  onDelete: (event: CalendarEvent) => void;
  onAddToCalendar: (event: CalendarEvent) => void;
}

/** The calendar page's tear-off: month and day, for the eye only (the full date is in the text). */
function DateBadge({ eventDate }: { eventDate: string }) {
  const date = parseLocalDate(eventDate);
  return (
    <div
      aria-hidden="true"
      className="flex size-14 shrink-0 flex-col items-center justify-center rounded-xl bg-scout-50 text-scout-800 ring-1 ring-scout-100"
    >
      <span className="text-[0.7rem] font-bold tracking-wide uppercase">
        {date ? MONTHS[date.getMonth()] : '?'}
      </span>
      <span className="text-xl leading-none font-extrabold">
        {date ? String(date.getDate()).padStart(2, '0') : ''}
      </span>
    </div>
  );
}

/**
 * Only http(s) becomes a link: a javascript: or data: href would run in every member's session.
 * Anything else stays inert text. New tab without opener or referrer: the page is someone else's.
 */
function EventLink({ link }: { link: string }) {
  const href = safeHref(link);
  if (!href) return <p className="mt-1 text-sm break-all text-stone-600">{link}</p>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-1 inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-scout-700 underline decoration-scout-300 underline-offset-2 hover:text-scout-900 hover:decoration-scout-700"
    >
      <span className="truncate">{link}</span>
      <ExternalLinkIcon className="size-3.5 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

export const EventRow = memo(function EventRow({
  event,
  canDelete,
  downloading,
  highlighted,
  onDelete,
  onAddToCalendar,
}: EventRowProps) {
  const titleId = useId();
  const name = event.eventName || 'Untitled event';
  return (
    <li id={`event-${event.id}`} className="scroll-mt-24">
      <article
        aria-labelledby={titleId}
        className={cx(
          'flex flex-col gap-4 rounded-2xl border bg-white p-4 shadow-sm transition-shadow sm:flex-row sm:items-start sm:p-5',
          highlighted ? 'border-scout-500 ring-2 ring-scout-500/40' : 'border-stone-200',
        )}
      >
        <div className="flex min-w-0 flex-1 gap-4">
          <DateBadge eventDate={event.eventDate} />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-base font-bold break-words text-stone-900">
              {name}
            </h2>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-stone-700">
              <time dateTime={eventDateTimeAttr(event.eventDate, event.eventTime)}>
                <span>{formatEventDate(event.eventDate)}</span>
                <span aria-hidden="true" className="mx-2 text-stone-400">
                  ·
                </span>
                <span className="inline-flex items-center gap-1">
                  <ClockIcon className="size-3.5 text-stone-500" />
                  {formatEventTime(event.eventTime)}
                </span>
              </time>
            </p>
            <p className="mt-0.5 text-sm text-stone-600">
              Created by{' '}
              <span className="font-medium text-stone-700">{event.creatorName || 'Anonymous'}</span>
            </p>
            {event.hyperlink ? <EventLink link={event.hyperlink} /> : null}
          </div>
        </div>
        <div className="flex shrink-0 gap-2 sm:flex-col sm:items-stretch">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Add to calendar: ${name}`}
            disabled={downloading}
            onClick={() => onAddToCalendar(event)}
          >
            {downloading ? <Spinner className="size-4" /> : <CalendarPlusIcon className="size-4" />}
            Add to calendar
          </Button>
          {canDelete ? (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Delete: ${name}`}
              onClick={() => onDelete(event)}
            >
              <TrashIcon className="size-4 text-red-700" />
              Delete
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
});
