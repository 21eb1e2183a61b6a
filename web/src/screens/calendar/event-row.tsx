import { memo, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { Spinner } from '../../ui/spinner.tsx';
import type { CalendarEvent } from './calendar-event.ts';
import {
  BanIcon,
  CalendarPlusIcon,
  ClockIcon,
  ExternalLinkIcon,
  PencilIcon,
  TrashIcon,
  UsersIcon,
} from './calendar-icons.tsx';
import {
  eventDateTimeAttr,
  formatEventDate,
  formatEventTime,
  parseLocalDate,
} from '../../lib/event-format.ts';
import { eventPathOf } from './event-address.ts';
import { safeHref } from './event-link.ts';
import { CategoryBadge } from './event-category.tsx';
import { CancelledNote, EventDescription, EventLocation } from './event-details.tsx';
import { RsvpPanel } from './rsvp/rsvp-panel.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface EventRowProps {
  event: CalendarEvent;
  /** The signed-in member, whose answers the RSVP panel reads. */
  userId: string;
  /** Before today: drawn quieter and labelled Past (never by colour alone). */
  past: boolean;
  /** The change buttons the calendar_events rules give this member here (event-controls.ts). */
  canEdit: boolean;
  canCancel: boolean;
  canDelete: boolean;
  downloading: boolean;
  highlighted: boolean;
  onDelete: (event: CalendarEvent) => void;
  onEdit: (event: CalendarEvent) => void;
  onCancel: (event: CalendarEvent) => void;
  onAddToCalendar: (event: CalendarEvent) => void;
}

/** "All day", or the start and end times. */
function timesOf(event: CalendarEvent): string {
  if (event.allDay || !event.eventTime) return 'All day';
  const start = formatEventTime(event.eventTime);
  return event.endTime ? `${start} to ${formatEventTime(event.endTime)}` : start;
}

/** The calendar page's tear-off: month and day, for the eye only (the full date is in the text). */
function DateBadge({ eventDate, past }: { eventDate: string; past: boolean }) {
  const date = parseLocalDate(eventDate);
  return (
    <div
      aria-hidden="true"
      className={cx(
        'flex size-14 shrink-0 flex-col items-center justify-center rounded-xl ring-1',
        past
          ? 'bg-stone-100 text-stone-600 ring-stone-200'
          : 'bg-scout-50 text-scout-800 ring-scout-100',
      )}
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
  userId,
  past,
  canEdit,
  canCancel,
  canDelete,
  downloading,
  highlighted,
  onDelete,
  onEdit,
  onCancel,
  onAddToCalendar,
}: EventRowProps) {
  const titleId = useId();
  const panelId = useId();
  const [answersOpen, setAnswersOpen] = useState(false);
  const name = event.eventName || 'Untitled event';
  const takesAnswers = event.status !== 'cancelled';
  return (
    <li id={`event-${event.id}`} className="scroll-mt-24">
      <article
        aria-labelledby={titleId}
        className={cx(
          'rounded-2xl border p-4 shadow-sm transition-shadow sm:p-5',
          past ? 'bg-stone-50' : 'bg-white',
          highlighted ? 'border-scout-500 ring-2 ring-scout-500/40' : 'border-stone-200',
        )}
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex min-w-0 flex-1 gap-4">
            <DateBadge eventDate={event.eventDate} past={past} />
            <div className="min-w-0 flex-1">
              <h2
                id={titleId}
                className={cx(
                  'text-base font-bold break-words',
                  past ? 'text-stone-700' : 'text-stone-900',
                )}
              >
                {/* The event's own address: opened, copied or shared, it shows this event. */}
                <Link
                  href={eventPathOf(event)}
                  className="rounded-sm hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600"
                >
                  {name}
                </Link>
              </h2>
              {past || event.category || event.status === 'cancelled' ? (
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {past ? (
                    <p className="inline-flex rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                      Past event
                    </p>
                  ) : null}
                  {event.category ? <CategoryBadge category={event.category} /> : null}
                  {event.status === 'cancelled' ? (
                    <CancelledNote reason={event.cancelReason} />
                  ) : null}
                </div>
              ) : null}
              <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-stone-700">
                <time dateTime={eventDateTimeAttr(event.eventDate, event.eventTime)}>
                  <span>{formatEventDate(event.eventDate)}</span>
                  {event.endDate ? <span> to {formatEventDate(event.endDate)}</span> : null}
                  <span aria-hidden="true" className="mx-2 text-stone-400">
                    ·
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <ClockIcon className="size-3.5 text-stone-500" />
                    {timesOf(event)}
                  </span>
                </time>
              </p>
              <p className="mt-0.5 text-sm text-stone-600">
                Created by{' '}
                <span className="font-medium text-stone-700">
                  {event.creatorName || 'Anonymous'}
                </span>
              </p>
              {event.location ? <EventLocation location={event.location} /> : null}
              {event.description ? <EventDescription text={event.description} /> : null}
              {event.hyperlink ? <EventLink link={event.hyperlink} /> : null}
            </div>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
            {takesAnswers ? (
              <Button
                variant="secondary"
                size="sm"
                aria-expanded={answersOpen}
                aria-controls={answersOpen ? panelId : undefined}
                aria-label={`RSVP: ${name}`}
                onClick={() => setAnswersOpen((o) => !o)}
              >
                <UsersIcon className="size-4" />
                RSVP
              </Button>
            ) : null}
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Add to calendar: ${name}`}
              disabled={downloading}
              onClick={() => onAddToCalendar(event)}
            >
              {downloading ? (
                <Spinner className="size-4" />
              ) : (
                <CalendarPlusIcon className="size-4" />
              )}
              Add to calendar
            </Button>
            {canEdit ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit: ${name}`}
                onClick={() => onEdit(event)}
              >
                <PencilIcon className="size-4" />
                Edit
              </Button>
            ) : null}
            {canCancel ? (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Cancel event: ${name}`}
                onClick={() => onCancel(event)}
              >
                <BanIcon className="size-4" />
                Cancel event
              </Button>
            ) : null}
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
        </div>
        {takesAnswers && answersOpen ? (
          <div id={panelId} className="mt-4 border-t border-stone-200 pt-4">
            <RsvpPanel userId={userId} event={event} />
          </div>
        ) : null}
      </article>
    </li>
  );
});
