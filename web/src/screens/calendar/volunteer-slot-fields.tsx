/**
 * A slot's fields as a leader fills them, shared by adding a slot on the sheet and editing one in
 * its dialog (lib/volunteer-slot-fields.ts says what is sent).
 */
import { VOLUNTEER_LIMITS } from '@scout/protocol/volunteer';
import type { SlotFields } from '../../lib/volunteer-slot-fields.ts';
import { TextField } from '../../ui/text-field.tsx';

export function SlotFieldInputs({
  fields,
  set,
  series,
}: {
  fields: SlotFields;
  set: (patch: Partial<SlotFields>) => void;
  /** A new slot on a meeting of a series may go on every meeting instead. */
  series: boolean;
}) {
  return (
    <>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label="Title"
          required
          maxLength={VOLUNTEER_LIMITS.titleMax}
          value={fields.title}
          onChange={(e) => set({ title: e.currentTarget.value })}
          className="sm:col-span-2"
        />
        <TextField
          label="People needed"
          type="number"
          inputMode="numeric"
          required
          min={1}
          max={VOLUNTEER_LIMITS.peopleMax}
          value={fields.people}
          onChange={(e) => set({ people: e.currentTarget.value })}
        />
        {fields.kind === 'driver' ? (
          <TextField
            label="Seats per driver"
            type="number"
            inputMode="numeric"
            min={0}
            max={VOLUNTEER_LIMITS.seatsMax}
            value={fields.seats}
            onChange={(e) => set({ seats: e.currentTarget.value })}
          />
        ) : null}
        <TextField
          label="From (optional)"
          type="time"
          value={fields.timeFrom}
          onChange={(e) => set({ timeFrom: e.currentTarget.value })}
        />
        <TextField
          label="To (optional)"
          type="time"
          value={fields.timeTo}
          onChange={(e) => set({ timeTo: e.currentTarget.value })}
        />
        <TextField
          label="Note (optional)"
          maxLength={VOLUNTEER_LIMITS.noteMax}
          value={fields.note}
          onChange={(e) => set({ note: e.currentTarget.value })}
          className="sm:col-span-2"
        />
        <TextField
          label="Give-back cut-off, hours before"
          type="number"
          inputMode="numeric"
          min={0}
          max={VOLUNTEER_LIMITS.cutoffHoursMax}
          value={fields.cutoffHours}
          onChange={(e) => set({ cutoffHours: e.currentTarget.value })}
        />
      </div>
      <label className="mt-3 flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          checked={fields.openToScouts}
          onChange={(e) => set({ openToScouts: e.currentTarget.checked })}
          className="size-4 accent-scout-700"
        />
        Scouts may sign up too (service hours)
      </label>
      {series ? (
        <label className="mt-3 flex items-center gap-2 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={fields.every}
            onChange={(e) => set({ every: e.currentTarget.checked })}
            className="size-4 accent-scout-700"
          />
          Every meeting of the series
        </label>
      ) : null}
    </>
  );
}
