import { useId, type FormEvent } from 'react';
import { HOUSEHOLD_LIMITS } from '@scout/protocol/households';
import type { NewScout } from '@scout/sdk/households';
import { Button } from '../../../ui/button.tsx';
import { cx } from '../../../ui/cx.ts';
import { Dialog } from '../../../ui/dialog.tsx';
import { Form } from '../../../ui/form.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { fieldControlClass, fieldLabelClass, TextField } from '../../../ui/text-field.tsx';
import { useCheckedFields } from '../../../lib/use-checked-fields.ts';
import { ScoutChoiceBoxes } from './scout-choices.tsx';
import {
  checkedValue,
  emptyScoutForm,
  scoutFormProblems,
  validateScoutForm,
  type ScoutFormValues,
} from './scout-form.ts';

interface AddScoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** The server's words when it refused the scout. */
  error: string | null;
  onSubmit: (input: NewScout) => void;
}

const ORDER = ['firstName', 'lastName', 'patrol', 'birthYear', 'notes'] as const;

/** A scout needs no account and no email: names, and what the family chooses to add. */
export function AddScoutDialog({ open, onOpenChange, ...form }: AddScoutDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a scout"
      description="Patrol, birth year and notes are seen only by your household and the troop's leaders."
    >
      <AddScoutForm {...form} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

/** Inside the dialog's content, which unmounts on close: reopening starts empty. */
function AddScoutForm({
  busy,
  error,
  onSubmit,
  onCancel,
}: Omit<AddScoutDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const { values, setErrors, field, edit } = useCheckedFields<ScoutFormValues>(
    emptyScoutForm,
    scoutFormProblems,
  );
  const notesId = useId();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const result = validateScoutForm(values, new Date().getFullYear());
    if (!result.ok) {
      setErrors(result.errors);
      // The first field to fix takes focus, so keyboard and screen-reader users land on it.
      const first = ORDER.find((f) => result.errors[f]);
      if (first) e.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    onSubmit(result.input);
  };

  const notes = field('notes');
  return (
    <Form busy={busy} onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" required {...field('firstName')} />
        <TextField label="Last name" autoComplete="off" required {...field('lastName')} />
        <TextField label="Patrol (optional)" autoComplete="off" {...field('patrol')} />
        <TextField
          label="Birth year (optional)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="2014"
          {...field('birthYear')}
        />
      </div>
      <div>
        <label htmlFor={notesId} className={fieldLabelClass}>
          Notes for leaders (optional)
        </label>
        <textarea
          id={notesId}
          name="notes"
          rows={3}
          maxLength={HOUSEHOLD_LIMITS.notesMaxLength}
          value={notes.value}
          onChange={notes.onChange}
          aria-invalid={notes.error ? true : undefined}
          aria-describedby={`${notesId}-hint${notes.error ? ` ${notesId}-error` : ''}`}
          className={cx(fieldControlClass, 'h-auto py-2')}
        />
        <p id={`${notesId}-hint`} className="mt-1.5 text-xs text-stone-600">
          Allergies, medication, anything leaders should know on a campout.
        </p>
        {notes.error ? (
          <p id={`${notesId}-error`} className="mt-1.5 text-sm text-red-700">
            {notes.error}
          </p>
        ) : null}
      </div>
      <ScoutChoiceBoxes
        checked={{ noPhotos: values.noPhotos === 'true', mayPost: values.mayPost === 'true' }}
        onChange={(choice, checked) => edit(choice, checkedValue(checked))}
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel="Adding…">
          Add scout
        </SubmitButton>
      </div>
    </Form>
  );
}
