import { useState, type FormEvent, type ReactNode } from 'react';
import { EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { NewEventInput } from './calendar-event.ts';
import {
  emptyEventForm,
  validateEventForm,
  type EventFormErrors,
  type EventFormField,
  type EventFormValues,
} from './event-form.ts';

interface CreateEventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** The server's words when it refused the event. */
  error: string | null;
  onSubmit: (input: NewEventInput) => void;
  /** The button that opens the dialog; focus returns to it on close. */
  trigger: ReactNode;
}

/** The form lives inside the dialog's content, which unmounts on close: reopening starts empty. */
function CreateEventForm({
  busy,
  error,
  onSubmit,
  onCancel,
}: Omit<CreateEventDialogProps, 'open' | 'onOpenChange' | 'trigger'> & { onCancel: () => void }) {
  const [values, setValues] = useState<EventFormValues>(emptyEventForm);
  const [errors, setErrors] = useState<EventFormErrors>({});

  const field = (name: EventFormField) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      if (errors[name]) setErrors((errs) => ({ ...errs, [name]: undefined }));
    },
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const result = validateEventForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      // Focus the first field that needs fixing so keyboard and screen-reader users land on it.
      const first = (['eventName', 'eventDate', 'eventTime', 'hyperlink'] as const).find(
        (f) => result.errors[f],
      );
      if (first) e.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(result.input);
  };

  return (
    <Form busy={busy} onSubmit={submit}>
      <TextField
        label="Event name"
        autoComplete="off"
        required
        maxLength={EVENT_NAME_MAX_LENGTH}
        placeholder="Troop meeting"
        {...field('eventName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Date" type="date" required {...field('eventDate')} />
        <TextField label="Time" type="time" required {...field('eventTime')} />
      </div>
      <TextField
        label="Link (optional)"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        hint="A web address starting with http:// or https://"
        {...field('hyperlink')}
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel="Creating...">
          Create Event
        </SubmitButton>
      </div>
    </Form>
  );
}

export function CreateEventDialog({
  open,
  onOpenChange,
  busy,
  error,
  onSubmit,
  trigger,
}: CreateEventDialogProps) {
  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title="Create Event"
      description="Every member of the troop will see it on the calendar."
    >
      <CreateEventForm
        busy={busy}
        error={error}
        onSubmit={onSubmit}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
