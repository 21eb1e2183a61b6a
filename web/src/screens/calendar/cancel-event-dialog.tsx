/**
 * Cancelling an event: it stays on the calendar, marked cancelled, with the reason the leader
 * gives (optional). Deleting remains for mistakes.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { EVENT_CANCEL_REASON_MAX_LENGTH } from '@scout/protocol/calendar-events';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Form } from '../../ui/form.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';

interface CancelEventDialogProps {
  /** The event's name, or null while closed. */
  eventName: string | null;
  busy: boolean;
  onCancelEvent: (reason: string | null) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  /** For an occurrence of a series: which occurrences the cancellation reaches. */
  scope?: ReactNode;
}

function CancelForm({
  busy,
  onCancelEvent,
  onClose,
  scope,
}: Pick<CancelEventDialogProps, 'busy' | 'onCancelEvent' | 'onClose' | 'scope'>) {
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) onCancelEvent(reason.trim() || null);
  };
  return (
    <Form busy={busy} onSubmit={submit}>
      <TextField
        label="Reason (optional)"
        maxLength={EVENT_CANCEL_REASON_MAX_LENGTH}
        name="reason"
        autoComplete="off"
        placeholder="Storm warning"
        hint="Families see it beside the event."
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {scope}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Keep Event
        </Button>
        <SubmitButton busy={busy} busyLabel="Cancelling...">
          Cancel Event
        </SubmitButton>
      </div>
    </Form>
  );
}

export function CancelEventDialog({
  eventName,
  busy,
  onCancelEvent,
  onClose,
  onCloseAutoFocus,
  scope,
}: CancelEventDialogProps) {
  return (
    <Dialog
      open={eventName !== null}
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title="Cancel this event?"
      description={`"${eventName ?? ''}" stays on the calendar, marked cancelled, for everyone.`}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <CancelForm busy={busy} onCancelEvent={onCancelEvent} onClose={onClose} scope={scope} />
    </Dialog>
  );
}
