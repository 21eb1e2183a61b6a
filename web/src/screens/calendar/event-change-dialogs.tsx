/**
 * The dialogs that edit, cancel and delete a listed event; for an occurrence of a series each
 * asks which occurrences the change reaches, and an edit beyond one occurrence can change how
 * the series repeats (docs/decisions/041-repeat-rules-and-occurrence-routes.md).
 */
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { CancelEventDialog } from './cancel-event-dialog.tsx';
import { CreateEventDialog } from './create-event-dialog.tsx';
import { emptyEventForm, formValuesOf } from './event-form.ts';
import { when } from './event-when.ts';
import { ScopeChoice } from './scope-choice.tsx';
import type { EventChanges } from './use-event-changes.ts';

export function EventChangeDialogs({ changes: c }: { changes: EventChanges }) {
  const scopeChoice = (legend: string) => (
    <ScopeChoice legend={legend} value={c.scope} onChange={c.setScope} />
  );
  return (
    <>
      <CreateEventDialog
        edit={{
          initial: c.editing ? formValuesOf(c.editing) : emptyEventForm,
          onCloseAutoFocus: c.focusAfterClose,
          scope: c.editing?.occurrence ? scopeChoice('Change which events?') : undefined,
          rrule: c.editing?.occurrence ? c.editing.rrule : null,
          repeatEditable: c.scope !== 'this',
        }}
        open={c.editing !== null}
        onOpenChange={(open) => (open ? undefined : c.closeEdit())}
        busy={c.saving}
        error={c.saveError}
        onSubmit={c.submitEdit}
      />

      <CancelEventDialog
        eventName={c.cancelling ? c.cancelling.eventName : null}
        busy={c.saving}
        scope={c.cancelling?.occurrence ? scopeChoice('Cancel which events?') : undefined}
        onCancelEvent={c.confirmCancel}
        onClose={c.closeCancel}
        onCloseAutoFocus={c.focusAfterClose}
      />

      <ConfirmDialog
        open={c.toDelete !== null}
        onOpenChange={(open) => (open ? undefined : c.closeDelete())}
        title="Delete this event?"
        description={
          c.toDelete
            ? `"${c.toDelete.eventName}" on ${when(c.toDelete)} will be removed from the troop calendar for everyone.`
            : ''
        }
        confirmLabel="Delete Event"
        busyLabel="Deleting..."
        busy={c.deleting}
        onConfirm={c.confirmDelete}
        onCloseAutoFocus={c.focusAfterClose}
      >
        {c.toDelete?.occurrence ? scopeChoice('Delete which events?') : null}
      </ConfirmDialog>
    </>
  );
}
