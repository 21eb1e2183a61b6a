import { memo, useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { MenuButton, type MenuAction } from '../../ui/menu-button.tsx';
import type { CalendarEvent } from './calendar-event.ts';
import {
  BanIcon,
  CalendarPlusIcon,
  ClockIcon,
  PencilIcon,
  TrashIcon,
  UsersIcon,
} from './calendar-icons.tsx';
import {
  eventDateTimeAttr,
  formatEventDate,
  formatEventTime,
  formatMultiDay,
  parseLocalDate,
} from '../../lib/event-format.ts';
import { eventPathOf } from './event-address.ts';
import { CategoryBadge } from './event-category.tsx';
import { answersMonth, awaitsAnswer, goingTo, placesFact } from '../../lib/household-answers.ts';
import { NeedsAnswerBadge } from '../../lib/needs-answer-badge.tsx';
import { QuickAnswers } from '../../lib/quick-answers.tsx';
import { useHouseholdAnswers } from '../../lib/use-household-answers.ts';
import {
  CancelledNote,
  EventDescription,
  EventLink,
  EventLocation,
  MovedFromNote,
} from './event-details.tsx';
import { councilLabel } from './council-events.ts';
import { RsvpPanel } from './rsvp/rsvp-panel.tsx';
import { rsvpTargetOf } from './rsvp/rsvp-target.ts';
import { deadlineText } from './rsvp/rsvp-text.ts';
import { VolunteerSheet } from './volunteer-sheet.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface EventRowProps {
  event: CalendarEvent;
  /** The signed-in member, whose answers the RSVP panel reads. */
  userId: string;
  /** Before today: drawn quieter and labelled Past (never by colour alone). */
  past: boolean;
  /** The year of today: dates within it go without their year when an event spans days. */
  thisYear: number;
  /** The change actions the calendar_events rules give this member here (event-controls.ts). */
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

/**
 * The day and times on one line: "Sat, Jul 04, 2026 · 7:30 PM to 9:00 PM", or both ends of an
 * event over several days: "Fri, Dec 11, 6:00 PM to Sun, Dec 13, 12:00 PM".
 */
function EventWhen({ event, thisYear }: { event: CalendarEvent; thisYear: number }) {
  const span = formatMultiDay(event, thisYear);
  return (
    <time dateTime={eventDateTimeAttr(event.eventDate, event.eventTime)}>
      {span ?? (
        <>
          <span>{formatEventDate(event.eventDate)}</span>
          {/* On a phone the times take a line of their own rather than wrap behind a dot. */}
          <span aria-hidden="true" className="mx-1.5 hidden text-stone-400 sm:inline">
            ·
          </span>
          <span className="flex items-center gap-1 sm:inline-flex">
            <ClockIcon className="size-3.5 text-stone-500" />
            {timesOf(event)}
          </span>
        </>
      )}
    </time>
  );
}

/**
 * What a family weighs before answering, when the event sets it: "12 places, 3 left" and
 * "Answer by Fri, Dec 11, 8:00 PM". Until the month's counts are read, the capacity alone.
 */
function answerFacts(event: CalendarEvent, now: number, going: number | null): string[] {
  const facts: string[] = [];
  if (event.capacity !== null) facts.push(placesFact(event.capacity, going));
  const deadline = event.rsvpDeadline
    ? deadlineText({
        deadline: event.rsvpDeadline,
        closed: Date.parse(event.rsvpDeadline) <= now,
      })
    : null;
  if (deadline) facts.push(deadline);
  return facts;
}

/** The calendar page's tear-off: month and day, for the eye only (the full date is in the text). */
function DateBadge({ eventDate, past }: { eventDate: string; past: boolean }) {
  const date = parseLocalDate(eventDate);
  return (
    <div
      aria-hidden="true"
      className={cx(
        'flex size-12 shrink-0 flex-col items-center justify-center rounded-lg ring-1',
        past
          ? 'bg-stone-100 text-stone-600 ring-stone-200'
          : 'bg-scout-50 text-scout-800 ring-scout-100',
      )}
    >
      <span className="text-[0.65rem] font-bold tracking-wide uppercase">
        {date ? MONTHS[date.getMonth()] : '?'}
      </span>
      <span className="text-lg leading-none font-extrabold">
        {date ? String(date.getDate()).padStart(2, '0') : ''}
      </span>
    </div>
  );
}

export const EventRow = memo(function EventRow({
  event,
  userId,
  past,
  thisYear,
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
  const now = Date.now();
  const target = rsvpTargetOf(event);
  // The month's answers and counts, read once for every row of the month (lib/household-answers.ts).
  const { data: month } = useHouseholdAnswers(userId, answersMonth(target, event.eventDate));
  const facts = takesAnswers ? answerFacts(event, now, month ? goingTo(month, target) : null) : [];
  const closed = event.rsvpDeadline !== null && Date.parse(event.rsvpDeadline) <= now;
  // The household still owes an answer (lib/household-answers.ts): said on the row in words.
  const answerWindow = { cancelled: !takesAnswers, rsvpDeadline: event.rsvpDeadline, past };
  const owed = awaitsAnswer(month, target, answerWindow, now);
  // One action on the row (the answer); the others wait in the menu, so a screen holds a week.
  const actions: MenuAction[] = [
    {
      label: 'Add to calendar',
      icon: CalendarPlusIcon,
      disabled: downloading,
      onSelect: () => onAddToCalendar(event),
    },
  ];
  if (canEdit) actions.push({ label: 'Edit', icon: PencilIcon, onSelect: () => onEdit(event) });
  if (canCancel) {
    actions.push({ label: 'Cancel event', icon: BanIcon, onSelect: () => onCancel(event) });
  }
  if (canDelete) {
    actions.push({
      label: 'Delete',
      icon: TrashIcon,
      danger: true,
      onSelect: () => onDelete(event),
    });
  }
  return (
    <li id={`event-${event.id}`} className="scroll-mt-24">
      <article
        aria-labelledby={titleId}
        className={cx(
          'rounded-xl border px-3 py-2 shadow-sm transition-shadow sm:px-4',
          past ? 'bg-stone-50' : 'bg-white',
          highlighted ? 'border-scout-500 ring-2 ring-scout-500/40' : 'border-stone-200',
        )}
      >
        {/* On phones the actions go under the text, which keeps the row's width; beside it on wider screens. */}
        <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
          <DateBadge eventDate={event.eventDate} past={past} />
          <div className="min-w-0 flex-1">
            {/* The badges sit beside the name: a plain meeting takes two lines, not three. */}
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 [&>p]:mt-0">
              <h2
                id={titleId}
                className={cx(
                  'min-w-0 text-base font-bold break-words',
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
              {owed ? <NeedsAnswerBadge eventName={name} /> : null}
              {past ? (
                <p className="inline-flex rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">
                  Past event
                </p>
              ) : null}
              {event.council ? (
                // The council's event, read-only here: its menu offers no change.
                <p className="inline-flex rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800">
                  {councilLabel(event.council)}
                </p>
              ) : null}
              {event.category ? <CategoryBadge category={event.category} /> : null}
              {event.status === 'cancelled' ? <CancelledNote reason={event.cancelReason} /> : null}
              <MovedFromNote event={event} />
            </div>
            <p className="mt-0.5 text-sm text-stone-700">
              <EventWhen event={event} thisYear={thisYear} />
              <span aria-hidden="true" className="mx-1.5 hidden text-stone-400 sm:inline">
                ·
              </span>
              <span className="block text-stone-600 sm:inline">
                Created by{' '}
                <span className="font-medium text-stone-700">
                  {event.creatorName || 'Anonymous'}
                </span>
              </span>
            </p>
            {facts.length > 0 ? (
              <p className="mt-0.5 text-sm font-medium text-stone-700">{facts.join(' · ')}</p>
            ) : null}
            {/* The row's action: each of the family's answers in one tap; past events take none. */}
            {takesAnswers && !past ? (
              <QuickAnswers
                className="mt-1.5"
                userId={userId}
                target={target}
                eventDate={event.eventDate}
                eventName={name}
                closed={closed}
              />
            ) : null}
            {event.location ? <EventLocation location={event.location} /> : null}
            {event.description ? (
              // Two lines in the list; the event's own page (the highlighted row) shows it whole.
              <div className={highlighted ? undefined : '[&>p]:line-clamp-2'}>
                <EventDescription text={event.description} />
              </div>
            ) : null}
            {event.hyperlink ? <EventLink link={event.hyperlink} /> : null}
          </div>
          <div className="col-start-2 flex items-center gap-1.5 sm:col-start-3 sm:row-start-1">
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
            <MenuButton label={`More actions: ${name}`} actions={actions} busy={downloading} />
          </div>
        </div>
        {takesAnswers && answersOpen ? (
          <div id={panelId} className="mt-3 border-t border-stone-200 pt-3">
            <RsvpPanel userId={userId} event={event} />
          </div>
        ) : null}
        {takesAnswers && (highlighted || answersOpen) ? <VolunteerSheet event={event} /> : null}
      </article>
    </li>
  );
});
