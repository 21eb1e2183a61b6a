import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import type { Navigation } from '../../frame/navigation.ts';
import type { EventAddress } from '@scout/protocol/app-paths';
import { failureMessage } from '../../lib/failure-message.ts';
import { troopTimeZone } from '../../lib/sdk.ts';
import { useTableGrant } from '../../lib/use-can.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { toast } from '../../ui/toast.tsx';
import type { CalendarEvent, NewEventInput } from './calendar-event.ts';
import { PlusIcon, RssIcon } from './calendar-icons.tsx';
import { AnswerFilter } from './answer-filter.tsx';
import { CategoryFilter } from './category-filter.tsx';
import { CreateEventDialog } from './create-event-dialog.tsx';
import { cx } from '../../ui/cx.ts';
import { addressedEvent } from './event-address.ts';
import { EventChangeDialogs } from './event-change-dialogs.tsx';
import { EventList } from './event-list.tsx';
import { RELOADED, when } from './event-when.ts';
import { EventsFailed, LoadingEvents, NoEventsYet } from './list-states.tsx';
import { MonthView } from './month-view.tsx';
import { occurrenceKey } from '@scout/protocol/calendar-list';
import { SubscribeDialog } from './subscribe-dialog.tsx';
import { ViewChoice, type CalendarView } from './view-choice.tsx';
import { useAddToCalendar } from './use-calendar-feed.ts';
import { useCalendarEvents, useCreateCalendarEvent } from './use-calendar-events.ts';
import { useCalendarLive } from './use-calendar-live.ts';
import { useEventChanges } from './use-event-changes.ts';
import { useListFilter } from './use-list-filter.ts';
import { useListWindow } from './use-list-window.ts';
import { useRsvpLive } from './rsvp/use-rsvp-live.ts';
import { zoneNote } from './zone-note.ts';

const HIGHLIGHT_MS = 3000;

export interface CalendarScreenProps {
  user: WireUser;
  nav: Navigation;
  /** The event the address names (protocol/src/app-paths.ts): shown, marked and given focus once read. */
  focus?: EventAddress | null;
}

export function CalendarScreen({ user, nav, focus = null }: CalendarScreenProps) {
  const { events, isLoading, isError, reload, canLoadEarlier, loadingEarlier, loadEarlier } =
    useCalendarEvents(user.id);
  useCalendarLive(user);
  useRsvpLive(user);
  const filter = useListFilter(user.id, events);
  const { category, shown, showEvent } = filter;
  const list = useListWindow(shown);
  const create = useCreateCalendarEvent(user);
  // The buttons follow the calendar_events rules the server enforces (docs/roles.md).
  const updateGrant = useTableGrant(user, 'calendar_events', 'update');
  const deleteGrant = useTableGrant(user, 'calendar_events', 'delete');
  const grants = useMemo(
    () => ({ update: updateGrant, delete: deleteGrant }),
    [updateGrant, deleteGrant],
  );
  // The calendar's user menu (docs/product.md section 2): who is signed in, and the way back.
  const menu = useAccountMenu(nav, user, 'calendar', [
    { label: 'Back to Dashboard', icon: ArrowLeftIcon, onSelect: nav.back },
  ]);
  const download = useAddToCalendar();
  // The list, or the month when chosen (its data is read only while it shows). Wide screens keep
  // a small month beside the list; the month chosen takes the page, with room for event names.
  const wide = useMediaQuery('(min-width: 1024px)');
  const [view, setView] = useState<CalendarView>('list');
  const showList = view === 'list';
  const showMonth = wide || view === 'month';
  const beside = wide && showList;
  const note = zoneNote(troopTimeZone, Intl.DateTimeFormat().resolvedOptions().timeZone);

  const [creating, setCreating] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const listTop = useRef<HTMLElement>(null);
  const changes = useEventChanges(user.id, { forgetRemoved: list.forgetRemoved, top: listTop });

  // A created event is shown at its place: scrolled to and marked for a moment.
  useEffect(() => {
    if (!highlightId) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(`event-${highlightId}`)?.scrollIntoView({ block: 'nearest' }),
    );
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [highlightId]);

  // The event of the address: shown where it is in the list (the filter and the phone's month
  // view give way to it), scrolled to, and its name takes focus, once per address opened.
  const addressed = useMemo(
    () => (focus ? addressedEvent(events, focus, list.today) : null),
    [events, focus, list.today],
  );
  const revealed = useRef<EventAddress | null>(null);
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  const { reveal } = list;
  useEffect(() => {
    if (!addressed || revealed.current === focus) return;
    if (showEvent(addressed)) return;
    revealed.current = focus;
    setView('list');
    reveal(addressed);
    setScrollTo(addressed.id);
  }, [addressed, focus, showEvent, reveal]);
  useEffect(() => {
    const row = scrollTo ? document.getElementById(`event-${scrollTo}`) : null;
    if (!row) return;
    setScrollTo(null);
    row.scrollIntoView({ block: 'center' });
    row.querySelector<HTMLElement>('h2 a')?.focus({ preventScroll: true });
  }, [scrollTo, list.visible]);

  // "Show earlier events" past the first rows read reads an earlier window of series, then
  // shows what it brought.
  const [wantEarlier, setWantEarlier] = useState(false);
  const { hiddenBefore, showEarlier } = list;
  useEffect(() => {
    if (!wantEarlier || loadingEarlier) return;
    setWantEarlier(false);
    if (hiddenBefore > 0) showEarlier();
  }, [wantEarlier, loadingEarlier, hiddenBefore, showEarlier]);
  const onShowEarlier = () => {
    if (hiddenBefore > 0) return showEarlier();
    setWantEarlier(true);
    loadEarlier();
  };

  const openCreate = (open: boolean) => {
    if (open) create.reset();
    setCreating(open);
  };

  const submitCreate = (input: NewEventInput) =>
    create.mutate(input, {
      onSuccess: (created) => {
        if (created.rrule) {
          // A series is read back as its occurrences: the first one is marked.
          showEvent(created);
          setCreating(false);
          setHighlightId(occurrenceKey(created.id, created.eventDate));
          toast.success('Repeating event created', {
            description: `${created.eventName}, first on ${when(created)}.`,
          });
          return;
        }
        // An event the filters would hide lifts them instead.
        const filteredOut = showEvent(created);
        const onScreen = filteredOut || list.revealCreated(created);
        setCreating(false);
        if (onScreen) setHighlightId(created.id);
        const where = onScreen ? '' : ' It is in the past: find it under Show earlier events.';
        toast.success('Event created', {
          description: `${created.eventName}, ${when(created)}.${where}`,
        });
      },
      onError: (err) =>
        toast.error(`${failureMessage(err, 'Could not create the event.')} ${RELOADED}`),
    });

  const { mutate: downloadIcs } = download;
  const addToCalendar = useCallback(
    (event: CalendarEvent) =>
      // An occurrence's file is its series'.
      downloadIcs(event.occurrence ? { ...event, id: event.occurrence.seriesId } : event, {
        onError: (err) => toast.error(failureMessage(err, 'Could not download the calendar file.')),
      }),
    [downloadIcs],
  );

  return (
    <AppFrame
      user={user}
      active="calendar"
      onChooseTab={tabChooser(nav, 'calendar')}
      menuItems={menu}
      back={{ label: 'Dashboard', onBack: nav.back }}
      width={wide ? 'wide' : 'narrow'}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <ScreenHeading className="text-2xl font-extrabold tracking-tight text-stone-900 md:text-3xl">
            Troop Calendar
          </ScreenHeading>
          <p className="mt-1 text-sm text-stone-600 md:text-base">
            Meetings, campouts and service days for the whole troop.
          </p>
          {note ? <p className="mt-1 text-sm font-medium text-stone-700">{note}</p> : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <SubscribeDialog
            userId={user.id}
            open={subscribing}
            onOpenChange={setSubscribing}
            trigger={
              <Button variant="secondary">
                <RssIcon className="size-4" />
                Subscribe
              </Button>
            }
          />
          <CreateEventDialog
            busy={create.isPending}
            open={creating}
            onOpenChange={openCreate}
            error={
              create.isError ? failureMessage(create.error, 'Could not create the event.') : null
            }
            onSubmit={submitCreate}
            trigger={
              <Button>
                <PlusIcon className="size-4" />
                Create Event
              </Button>
            }
          />
        </div>
      </div>

      {!isLoading && !isError && (events.length > 0 || canLoadEarlier) ? (
        <div className="mt-6 flex flex-wrap items-end justify-between gap-3 md:mt-8">
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <CategoryFilter value={category} onChange={filter.setCategory} />
            <AnswerFilter checked={filter.owedOnly} onChange={filter.setOwedOnly} />
          </div>
          <ViewChoice value={view} onChange={setView} />
        </div>
      ) : null}
      <div
        className={cx('mt-4', beside && 'grid grid-cols-[minmax(0,1fr)_22rem] items-start gap-6')}
      >
        {showList ? (
          <section
            ref={listTop}
            tabIndex={-1}
            aria-label="Events"
            aria-busy={isLoading}
            className="focus:outline-none"
          >
            {isLoading ? (
              <LoadingEvents />
            ) : isError ? (
              <EventsFailed onRetry={reload} />
            ) : events.length === 0 && !canLoadEarlier ? (
              <NoEventsYet />
            ) : (
              <div className="space-y-4">
                {focus && !addressed ? (
                  <FormMessage tone="error">
                    The event of this address is not on the calendar: it may have been removed.
                  </FormMessage>
                ) : null}
                {shown.length === 0 ? (
                  <p role="status" className="text-sm text-stone-700">
                    {filter.empty}
                  </p>
                ) : null}
                <EventList
                  visible={list.visible}
                  total={shown.length}
                  hiddenBefore={list.hiddenBefore}
                  hiddenAfter={list.hiddenAfter}
                  earlier={loadingEarlier ? 'loading' : canLoadEarlier ? 'available' : 'none'}
                  today={list.today}
                  userId={user.id}
                  grants={grants}
                  downloadingId={download.isPending ? (download.variables?.id ?? null) : null}
                  highlightId={highlightId ?? addressed?.id ?? null}
                  onShowEarlier={onShowEarlier}
                  onShowLater={list.showLater}
                  onDelete={changes.askToDelete}
                  onEdit={changes.askToEdit}
                  onCancel={changes.askToCancel}
                  onAddToCalendar={addToCalendar}
                />
              </div>
            )}
          </section>
        ) : null}
        {showMonth ? <MonthView userId={user.id} category={category} /> : null}
      </div>

      <EventChangeDialogs changes={changes} />
    </AppFrame>
  );
}
