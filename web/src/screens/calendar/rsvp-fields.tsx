/** The create and edit dialog's RSVP settings: an optional answer deadline and capacity. */
import { EVENT_CAPACITY_MAX } from '@scout/protocol/rsvps';
import { TextField } from '../../ui/text-field.tsx';

interface FieldProps {
  name: string;
  value: string;
  error: string | null;
  onChange: (e: { target: { value: string } }) => void;
}

export function RsvpFields({ deadline, capacity }: { deadline: FieldProps; capacity: FieldProps }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-stone-800">RSVP (optional)</legend>
      <TextField
        label="RSVP deadline"
        type="datetime-local"
        hint="After it, only leaders change answers"
        {...deadline}
      />
      <TextField
        label="Capacity"
        type="number"
        inputMode="numeric"
        min={1}
        max={EVENT_CAPACITY_MAX}
        step={1}
        hint="People going at most; more join a waitlist"
        {...capacity}
      />
    </fieldset>
  );
}
