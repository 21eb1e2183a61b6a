/**
 * One person's answer: Going, Maybe or Not going and a short note, saved with one button. Read
 * only after the deadline unless the member is a leader (the server refuses it too).
 */
import { useId, useState, type FormEvent } from 'react';
import {
  RSVP_ANSWER_LABELS,
  RSVP_ANSWERS,
  RSVP_NOTE_MAX_LENGTH,
  type RsvpAnswer,
} from '@scout/protocol/rsvps';
import type { RsvpPerson } from '@scout/sdk/rsvps';
import { Button } from '../../../ui/button.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { personState } from './rsvp-text.ts';

const OPTIONS = RSVP_ANSWERS.map((value) => ({ value, label: RSVP_ANSWER_LABELS[value] }));

interface PersonAnswerProps {
  person: RsvpPerson;
  /** The first person is the member themself. */
  self: boolean;
  locked: boolean;
  busy: boolean;
  onSave: (answer: RsvpAnswer, note: string | null) => void;
}

export function PersonAnswer({ person, self, locked, busy, onSave }: PersonAnswerProps) {
  const [answer, setAnswer] = useState<RsvpAnswer | null>(person.answer);
  const [note, setNote] = useState(person.note ?? '');
  const stateId = useId();
  const who = self ? `${person.name} (you)` : person.name;
  const changed = answer !== person.answer || note.trim() !== (person.note ?? '');

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (answer && !busy) onSave(answer, note.trim() || null);
  };

  return (
    <form
      onSubmit={submit}
      aria-label={`Answer for ${person.name}`}
      className="rounded-xl border border-stone-200 bg-white p-3"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-stone-900">
          {who}
          {person.youth ? <span className="font-normal text-stone-600"> · Scout</span> : null}
        </p>
        <p id={stateId} className="text-sm text-stone-700">
          {person.answer ? `Answered: ${personState(person)}` : personState(person)}
        </p>
      </div>
      <RadioGroup
        className="mt-2"
        legend={`${person.name}: going?`}
        legendHidden
        options={OPTIONS}
        value={answer}
        onChange={setAnswer}
        disabled={locked || busy}
      />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          className="min-w-0 flex-1"
          label={`Note for ${person.name} (optional)`}
          maxLength={RSVP_NOTE_MAX_LENGTH}
          autoComplete="off"
          placeholder="Arriving Saturday morning"
          value={note}
          disabled={locked || busy}
          onChange={(e) => setNote(e.target.value)}
        />
        {locked ? null : (
          <Button
            type="submit"
            variant="primary"
            className="sm:mb-0"
            disabled={!answer || !changed || busy}
            aria-describedby={stateId}
          >
            Save answer
          </Button>
        )}
      </div>
    </form>
  );
}
