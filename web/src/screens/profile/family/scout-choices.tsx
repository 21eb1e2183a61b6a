import { SCOUT_CHOICE_LABELS, SCOUT_CHOICES, type ScoutChoice } from './scout-form.ts';

/**
 * A household's two choices for a scout, as checkboxes: in the add-a-scout form, and on each
 * scout of the list for the household's adults, where a change is sent at once.
 */
export function ScoutChoiceBoxes({
  checked,
  onChange,
  disabled = false,
  scoutName,
}: {
  checked: Record<ScoutChoice, boolean>;
  onChange: (choice: ScoutChoice, checked: boolean) => void;
  disabled?: boolean;
  /** On a list of scouts: whose choice each box is, for screen readers. */
  scoutName?: string;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="sr-only">
        {scoutName ? `${scoutName}: photos and posting` : 'Photos and posting'}
      </legend>
      {SCOUT_CHOICES.map((choice) => (
        <label
          key={choice}
          className="flex cursor-pointer items-start gap-2 text-sm font-medium text-stone-800"
        >
          <input
            type="checkbox"
            name={choice}
            checked={checked[choice]}
            onChange={(e) => onChange(choice, e.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-scout-700"
          />
          {SCOUT_CHOICE_LABELS[choice]}
        </label>
      ))}
    </fieldset>
  );
}
