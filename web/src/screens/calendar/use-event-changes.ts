/**
 * Editing, cancelling and deleting listed events: which event each dialog is open for, the
 * scope chosen for an occurrence of a series, and the calls each confirmation makes (the Data
 * API for a single event, the occurrence routes for a series:
 * docs/decisions/042-series-in-the-calendar-list.md). Focus goes back to the button that opened
 * a dialog, or to the list when that event is gone.
 */
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { OccurrenceScope } from '@scout/sdk/calendar';
import { failureMessage } from '../../lib/failure-message.ts';
import { toast } from '../../ui/toast.tsx';
import type { CalendarEvent, NewEventInput } from './calendar-event.ts';
import { formValuesOf, validateEventForm } from './event-form.ts';
import { RELOADED, when } from './event-when.ts';
import { changedFields } from './occurrence-edit.ts';
import { useDeleteCalendarEvent, useUpdateCalendarEvent } from './use-calendar-events.ts';
import { useOccurrenceChange, type OccurrenceChange } from './use-occurrence-changes.ts';

export function useEventChanges(
  userId: string,
  list: { forgetRemoved: (event: CalendarEvent) => void; top: RefObject<HTMLElement | null> },
) {
  const remove = useDeleteCalendarEvent(userId);
  const update = useUpdateCalendarEvent(userId);
  const occurrenceChange = useOccurrenceChange(userId);
  // Which occurrences of a series the open edit, cancel or delete reaches.
  const [scope, setScope] = useState<OccurrenceScope>('this');
  const [toDelete, setToDelete] = useState<CalendarEvent | null>(null);
  const [editing, setEditing] = useState<CalendarEvent | null>(null);
  const [cancelling, setCancelling] = useState<CalendarEvent | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const rememberOpener = () => {
    setScope('this');
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const askToDelete = useCallback((event: CalendarEvent) => {
    rememberOpener();
    setToDelete(event);
  }, []);
  const { reset: resetUpdate } = update;
  const { reset: resetOccurrenceChange } = occurrenceChange;
  const askToEdit = useCallback(
    (event: CalendarEvent) => {
      rememberOpener();
      resetUpdate();
      resetOccurrenceChange();
      setEditing(event);
    },
    [resetUpdate, resetOccurrenceChange],
  );
  const askToCancel = useCallback((event: CalendarEvent) => {
    rememberOpener();
    setCancelling(event);
  }, []);

  /** A change to one occurrence of a series, "this and following" or all, as `scope` says. */
  const changeOccurrence = (
    event: CalendarEvent,
    change: OccurrenceChange,
    done: { title: string; failure: string; close: () => void },
  ) => {
    if (!event.occurrence) return;
    occurrenceChange.mutate(
      { ref: event.occurrence, scope, change },
      {
        onSuccess: () => {
          done.close();
          toast.success(done.title, { description: `${event.eventName}, ${when(event)}` });
        },
        onError: (err) => {
          // An edit stays open with the server's words; a confirmation closes.
          if (change.kind !== 'edit') done.close();
          toast.error(`${failureMessage(err, done.failure)} ${RELOADED}`);
        },
      },
    );
  };

  const submitEdit = (input: NewEventInput) => {
    const event = editing;
    if (!event) return;
    if (event.occurrence) {
      const before = validateEventForm(formValuesOf(event));
      const changes = before.ok ? changedFields(before.input, input) : { ...input };
      if (Object.keys(changes).length === 0) return setEditing(null);
      return changeOccurrence(
        event,
        { kind: 'edit', changes },
        {
          title: 'Event saved',
          failure: 'Could not save the event.',
          close: () => setEditing(null),
        },
      );
    }
    update.mutate(
      { id: event.id, changes: { ...input, hyperlink: input.hyperlink } },
      {
        onSuccess: (saved) => {
          setEditing(null);
          toast.success('Event saved', { description: `${saved.eventName}, ${when(saved)}` });
        },
        onError: (err) =>
          toast.error(`${failureMessage(err, 'Could not save the event.')} ${RELOADED}`),
      },
    );
  };

  const confirmCancel = (reason: string | null) => {
    const event = cancelling;
    if (!event) return;
    if (event.occurrence)
      return changeOccurrence(
        event,
        { kind: 'cancel', reason },
        {
          title: 'Event cancelled',
          failure: 'Could not cancel the event.',
          close: () => setCancelling(null),
        },
      );
    update.mutate(
      { id: event.id, changes: { status: 'cancelled', cancelReason: reason } },
      {
        onSuccess: (saved) =>
          toast.success('Event cancelled', { description: `${saved.eventName}, ${when(saved)}` }),
        onError: (err) =>
          toast.error(`${failureMessage(err, 'Could not cancel the event.')} ${RELOADED}`),
        onSettled: () => setCancelling(null),
      },
    );
  };

  const confirmDelete = () => {
    const event = toDelete;
    if (!event) return;
    if (event.occurrence)
      return changeOccurrence(
        event,
        { kind: 'delete' },
        {
          title: 'Event deleted',
          failure: 'Could not delete the event.',
          close: () => setToDelete(null),
        },
      );
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

  // Back to the button that opened the dialog, or, when its event is gone, to the list.
  const focusAfterClose = (e: Event) => {
    e.preventDefault();
    const back = opener.current;
    if (back?.isConnected) back.focus();
    else list.top.current?.focus();
  };

  const saveError = update.isError
    ? failureMessage(update.error, 'Could not save the event.')
    : occurrenceChange.isError
      ? failureMessage(occurrenceChange.error, 'Could not save the event.')
      : null;

  return {
    askToEdit,
    askToCancel,
    askToDelete,
    scope,
    setScope,
    editing,
    closeEdit: () => setEditing(null),
    submitEdit,
    saveError,
    cancelling,
    closeCancel: () => setCancelling(null),
    confirmCancel,
    toDelete,
    closeDelete: () => setToDelete(null),
    confirmDelete,
    focusAfterClose,
    saving: update.isPending || occurrenceChange.isPending,
    deleting: remove.isPending || occurrenceChange.isPending,
  };
}

export type EventChanges = ReturnType<typeof useEventChanges>;
