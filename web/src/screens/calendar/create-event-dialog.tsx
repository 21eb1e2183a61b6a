import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { EVENT_LOCATION_MAX_LENGTH } from '@scout/protocol/calendar-events';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { useCheckedFields } from '../../lib/use-checked-fields.ts';
import { TextField } from '../../ui/text-field.tsx';
import { CategoryField, DescriptionField } from './event-detail-fields.tsx';
import { RepeatField } from './repeat-field.tsx';
import { RsvpFields } from './rsvp-fields.tsx';
import {
  buildRepeatRule,
  noRepeat,
  repeatValuesOf,
  sameRule,
  type RepeatErrors,
  type RepeatValues,
} from './repeat-rule.ts';
import {
  emptyEventForm,
  eventFormProblems,
  validateEventForm,
  type EventFormInput,
  type EventFormValues,
} from './event-form.ts';

interface CreateEventDialogProps {
  /** Editing: the event's values, the edit wording, and focus handed back by the caller. */
  edit?: {
    initial: EventFormValues;
    onCloseAutoFocus: (event: Event) => void;
    /** For an occurrence of a series: which occurrences the edit reaches. */
    scope?: ReactNode;
    /** For an occurrence of a series: its rule, changeable when the scope reaches beyond it. */
    rrule?: string | null;
    repeatEditable?: boolean;
  };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  /** The server's words when it refused the event. */
  error: string | null;
  /** A new event carries `notify: false` when families are not to be told of it. */
  onSubmit: (input: EventFormInput) => void;
  /** The button that opens the dialog; focus returns to it on close. */
  trigger?: ReactNode;
}

/** The form lives inside the dialog's content, which unmounts on close: reopening starts empty. */
function CreateEventForm({
  edit,
  busy,
  error,
  onSubmit,
  onCancel,
}: Omit<CreateEventDialogProps, 'open' | 'onOpenChange' | 'trigger'> & { onCancel: () => void }) {
  const {
    values,
    errors,
    setErrors,
    field,
    edit: editField,
  } = useCheckedFields<EventFormValues>(edit?.initial ?? emptyEventForm, eventFormProblems);
  // An edit shows a series' rule when the setting can, and changes it beyond one occurrence.
  const [seriesRepeat] = useState(() =>
    edit?.rrule ? repeatValuesOf(edit.rrule, edit.initial.eventDate) : null,
  );
  const editsRule = Boolean(edit && seriesRepeat && edit.repeatEditable);
  const [repeat, setRepeat] = useState<RepeatValues>(seriesRepeat ?? noRepeat);
  const [repeatErrors, setRepeatErrors] = useState<RepeatErrors>({});
  const allDay = values.allDay === 'true';
  const notifyHintId = `${useId()}-notify-hint`;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const result = validateEventForm(values);
    const rule =
      edit && !editsRule
        ? ({ ok: true, rrule: null } as const)
        : buildRepeatRule(repeat, values.eventDate, { startMayMove: editsRule });
    setRepeatErrors(rule.ok ? {} : rule.errors);
    if (!result.ok || !rule.ok) {
      setErrors(result.ok ? {} : result.errors);
      const repeatFirst = rule.ok
        ? undefined
        : (['weekdays', 'until', 'count'] as const).find((f) => rule.errors[f]);
      const repeatName = { weekdays: 'weekdays', until: 'repeatUntil', count: 'repeatCount' };
      // Focus the first field that needs fixing so keyboard and screen-reader users land on it.
      const first = (
        [
          'eventName',
          'eventDate',
          'eventTime',
          'endDate',
          'endTime',
          'location',
          'description',
          'hyperlink',
          'rsvpDeadline',
          'capacity',
        ] as const
      ).find((f) => !result.ok && result.errors[f]);
      const name = first ?? (repeatFirst ? repeatName[repeatFirst] : undefined);
      if (name) e.currentTarget.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
      return;
    }
    // An edit sends a rule only when it changed; null then ends the repeating.
    const newRule = edit ? editsRule && !sameRule(rule.rrule, edit.rrule) : rule.rrule !== null;
    onSubmit(newRule ? { ...result.input, rrule: rule.rrule } : result.input);
  };

  const repeatField = (
    <RepeatField
      values={repeat}
      startDate={values.eventDate}
      errors={repeatErrors}
      onChange={(next) => {
        setRepeat(next);
        setRepeatErrors({});
      }}
    />
  );

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
        {allDay ? null : <TextField label="Time" type="time" required {...field('eventTime')} />}
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
        <input
          type="checkbox"
          name="allDay"
          checked={allDay}
          onChange={(e) => editField('allDay', e.target.checked ? 'true' : '')}
          className="size-4 accent-scout-700"
        />
        All day
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Last day (optional)"
          type="date"
          hint="For an event over several days"
          {...field('endDate')}
        />
        {allDay ? null : (
          <TextField label="End time (optional)" type="time" {...field('endTime')} />
        )}
      </div>
      {edit ? null : repeatField}
      <CategoryField value={values.category} onChange={field('category').onChange} />
      <TextField
        label="Location (optional)"
        autoComplete="off"
        maxLength={EVENT_LOCATION_MAX_LENGTH}
        placeholder="Scout Hall, 12 Elm Street"
        {...field('location')}
      />
      <DescriptionField
        value={values.description}
        error={errors.description ?? null}
        onChange={field('description').onChange}
      />
      <TextField
        label="Link (optional)"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        hint="A web address starting with http:// or https://"
        {...field('hyperlink')}
      />
      <RsvpFields deadline={field('rsvpDeadline')} capacity={field('capacity')} />
      {editsRule ? repeatField : null}
      {edit ? null : (
        // Telling families is decided when the event is created; an edit is told as a change.
        <div>
          <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              name="notify"
              checked={values.notify === 'true'}
              onChange={(e) => editField('notify', e.target.checked ? 'true' : '')}
              aria-describedby={notifyHintId}
              className="size-4 accent-scout-700"
            />
            Notify families
          </label>
          <p id={notifyHintId} className="mt-1.5 text-xs text-stone-600">
            {values.notify === 'true'
              ? 'Members get a "New event" mail about it.'
              : 'No "New event" mail, for events families already know of. Changes are still sent.'}
          </p>
        </div>
      )}
      {edit?.scope}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel={edit ? 'Saving...' : 'Creating...'}>
          {edit ? 'Save Changes' : 'Create Event'}
        </SubmitButton>
      </div>
    </Form>
  );
}

export function CreateEventDialog({
  edit,
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
      title={edit ? 'Edit Event' : 'Create Event'}
      description={
        edit
          ? 'Every member of the troop will see the change.'
          : 'Every member of the troop will see it on the calendar.'
      }
      {...(edit ? { onCloseAutoFocus: edit.onCloseAutoFocus } : {})}
    >
      <CreateEventForm
        {...(edit ? { edit } : {})}
        busy={busy}
        error={error}
        onSubmit={onSubmit}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
