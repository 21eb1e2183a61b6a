/**
 * Choosing when a post goes out: a day and a time on the troop's clocks, read as the calendar's
 * forms read event times (schedule-time.ts). The server sends it then (docs/decisions/081).
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Form } from '../../../ui/form.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { SubmitButton } from '../../../ui/submit-button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { scheduleFields, scheduleInstant } from './schedule-time.ts';

export interface ScheduleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The zone the day and time are on (the troop's, else the device's). */
  timeZone: string;
  /** The post's own time when it is scheduled already. */
  sendAt: string | null;
  busy: boolean;
  /** The server's words when it refused. */
  error: string | null;
  onSchedule: (at: string) => void;
}

export function ScheduleDialog(props: ScheduleDialogProps) {
  const { open, onOpenChange, busy } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}
      title="Schedule the post"
      description={`It goes out by itself then. Times are on the troop's clock (${props.timeZone.replaceAll('_', ' ')}).`}
    >
      {open ? <ScheduleForm {...props} /> : null}
    </Dialog>
  );
}

function ScheduleForm({
  timeZone,
  sendAt,
  busy,
  error,
  onSchedule,
  onOpenChange,
}: ScheduleDialogProps) {
  const [values, setValues] = useState(() => scheduleFields(sendAt, timeZone, Date.now()));
  const [problem, setProblem] = useState<{ field: 'date' | 'time'; message: string } | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const read = scheduleInstant(values.date, values.time, timeZone, Date.now());
    if (!read.ok) {
      setProblem(read);
      e.currentTarget.querySelector<HTMLElement>(`[name="${read.field}"]`)?.focus();
      return;
    }
    setProblem(null);
    onSchedule(read.at);
  };
  const edit = (field: 'date' | 'time', value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    setProblem(null);
  };
  return (
    <Form busy={busy} onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Day"
          type="date"
          name="date"
          required
          value={values.date}
          error={problem?.field === 'date' ? problem.message : null}
          onChange={(e) => edit('date', e.target.value)}
        />
        <TextField
          label="Time"
          type="time"
          name="time"
          required
          value={values.time}
          error={problem?.field === 'time' ? problem.message : null}
          onChange={(e) => edit('time', e.target.value)}
        />
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel="Scheduling...">
          Schedule
        </SubmitButton>
      </div>
    </Form>
  );
}
