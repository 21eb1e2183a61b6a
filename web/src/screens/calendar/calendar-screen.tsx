import { useCallback, useEffect, useRef, useState } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { firstNameOf, initialsOf } from '@scout/protocol/user-display';
import { failureMessage } from '../../lib/failure-message.ts';
import { AccountMenu } from '../../ui/account-menu.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { ArrowLeftIcon, CalendarIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { toast } from '../../ui/toast.tsx';
import type { CalendarEvent, NewEventInput } from './calendar-event.ts';
import { PlusIcon, RssIcon } from './calendar-icons.tsx';
import { CreateEventDialog } from './create-event-dialog.tsx';
import { EventList } from './event-list.tsx';
import { formatEventDate, formatEventTime } from './event-format.ts';
import { SubscribeDialog } from './subscribe-dialog.tsx';
import {
  useCalendarEvents,
  useCreateCalendarEvent,
  useDeleteCalendarEvent,
} from './use-calendar-events.ts';
import { useAddToCalendar } from './use-calendar-feed.ts';
import { useCalendarLive } from './use-calendar-live.ts';
import { useCanManageEvents } from './use-can-manage-events.ts';
import { useListWindow } from './use-list-window.ts';

const RELOADED = 'The list was reloaded from the server.';
const HIGHLIGHT_MS = 3000;

const when = (e: CalendarEvent) =>
  `${formatEventDate(e.eventDate)} at ${formatEventTime(e.eventTime)}`;

export interface CalendarScreenProps {
  user: WireUser;
  onBack: () => void;
}

export function CalendarScreen({ user, onBack }: CalendarScreenProps) {
  const { events, isLoading, isError, reload } = useCalendarEvents(user.id);
  useCalendarLive(user.id);
  const list = useListWindow(events);
  const create = useCreateCalendarEvent(user);
  const remove = useDeleteCalendarEvent(user.id);
  const canManageAll = useCanManageEvents(user);
  const download = useAddToCalendar();

  const [creating, setCreating] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const [toDelete, setToDelete] = useState<CalendarEvent | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const deleteOpener = useRef<HTMLElement | null>(null);
  const listTop = useRef<HTMLElement>(null);

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

  const openCreate = (open: boolean) => {
    if (open) create.reset();
    setCreating(open);
  };

  const submitCreate = (input: NewEventInput) =>
    create.mutate(input, {
      onSuccess: (created) => {
        list.revealCreated(created);
        setCreating(false);
        setHighlightId(created.id);
        toast.success('Event created', { description: `${created.eventName}, ${when(created)}` });
      },
      onError: (err) =>
        toast.error(`${failureMessage(err, 'Could not create the event.')} ${RELOADED}`),
    });

  const askToDelete = useCallback((event: CalendarEvent) => {
    deleteOpener.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setToDelete(event);
  }, []);

  const confirmDelete = () => {
    const event = toDelete;
    if (!event) return;
    remove.mutate(event, {
      onSuccess: () => {
        list.forgetRemoved(event);
        toast.success('Event deleted', { description: `${event.eventName}, ${when(event)}` });
      },
      onError: (err) =>
        toast.error(`${failureMessage(err, 'Could not delete the event.')} ${RELOADED}`),
      onSettled: () => setToDelete(null),
    });
  };

  // Back to the Delete button that opened the dialog, or, when its event is gone, to the list.
  const focusAfterDelete = (e: Event) => {
    e.preventDefault();
    const opener = deleteOpener.current;
    if (opener?.isConnected) opener.focus();
    else listTop.current?.focus();
  };

  const { mutate: downloadIcs } = download;
  const addToCalendar = useCallback(
    (event: CalendarEvent) =>
      downloadIcs(event, {
        onError: (err) => toast.error(failureMessage(err, 'Could not download the calendar file.')),
      }),
    [downloadIcs],
  );

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="sticky top-0 z-30 bg-scout-800 text-white shadow-md shadow-scout-950/10">
        <div className="mx-auto flex h-16 max-w-4xl items-center gap-3 px-4 sm:px-6">
          <button
            type="button"
            onClick={onBack}
            className="-ml-2 inline-flex h-10 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-scout-100 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ArrowLeftIcon className="size-4" />
            Dashboard
          </button>
          <div className="mr-auto flex min-w-0 items-center gap-2.5">
            <Logo className="hidden size-8 rounded-lg ring-1 ring-white/20 sm:block" />
            <p className="truncate text-base font-bold tracking-tight">{PRODUCT_NAME}</p>
          </div>
          {/* The calendar's user menu (docs/product.md section 2): who is signed in, and the way back. */}
          <AccountMenu
            name={firstNameOf(user)}
            email={user.email}
            avatarUrl={user.avatarUrl}
            initials={initialsOf(user)}
            items={[{ label: 'Back to Dashboard', icon: ArrowLeftIcon, onSelect: onBack }]}
          />
        </div>
      </header>

      <main className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 md:pt-10">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 md:text-3xl">
              Troop Calendar
            </h1>
            <p className="mt-1 text-sm text-stone-600 md:text-base">
              Meetings, campouts and service days for the whole troop.
            </p>
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
              open={creating}
              onOpenChange={openCreate}
              busy={create.isPending}
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

        <section
          ref={listTop}
          tabIndex={-1}
          aria-label="Events"
          aria-busy={isLoading}
          className="mt-6 focus:outline-none md:mt-8"
        >
          {isLoading ? (
            <div role="status" className="flex flex-col items-center gap-3 py-20 text-scout-800">
              <Spinner className="size-10" />
              <p className="text-sm font-medium">Loading events...</p>
            </div>
          ) : isError ? (
            <div className="space-y-3">
              <FormMessage tone="error">Could not load the events.</FormMessage>
              <Button variant="secondary" onClick={reload}>
                Try again
              </Button>
            </div>
          ) : events.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center">
              <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-scout-50 text-scout-700">
                <CalendarIcon className="size-7" />
              </span>
              <h2 className="mt-4 text-lg font-bold text-stone-900">No Events Yet</h2>
              <p className="mt-1 max-w-sm text-sm text-stone-600">
                Nothing is planned yet. Add the next meeting or campout with Create Event.
              </p>
            </div>
          ) : (
            <EventList
              visible={list.visible}
              total={events.length}
              hiddenBefore={list.hiddenBefore}
              hiddenAfter={list.hiddenAfter}
              userId={user.id}
              canManageAll={canManageAll}
              downloadingId={download.isPending ? (download.variables?.id ?? null) : null}
              highlightId={highlightId}
              onShowEarlier={list.showEarlier}
              onShowLater={list.showLater}
              onDelete={askToDelete}
              onAddToCalendar={addToCalendar}
            />
          )}
        </section>
      </main>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="Delete this event?"
        description={
          toDelete
            ? `"${toDelete.eventName}" on ${when(toDelete)} will be removed from the troop calendar for everyone.`
            : ''
        }
        confirmLabel="Delete Event"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={focusAfterDelete}
      />
    </div>
  );
}
