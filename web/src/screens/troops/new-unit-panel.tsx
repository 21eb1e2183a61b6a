import { useMemo, useState, type FormEvent } from 'react';
import { SIGNUP_MODES } from '@scout/protocol/auth';
import type { CreatedTroop, ServerTroop } from '@scout/protocol/troops';
import { useCheckedFields } from '../../lib/use-checked-fields.ts';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ChoiceField } from './choice-field.tsx';
import { MadeUnit } from './made-unit.tsx';
import {
  browserTimeZone,
  emptyNewUnit,
  firstProblemField,
  newUnitInput,
  newUnitProblems,
  serverProblem,
  type NewUnitValues,
  type UnitKind,
} from './new-unit-form.ts';
import { councilChoices } from './unit-order.ts';
import { useCreateUnit } from './use-units.ts';

const KINDS = [
  { value: 'troop', label: 'Troop' },
  { value: 'council', label: 'Council' },
] as const;

const SIGNUP_WORDS: Record<(typeof SIGNUP_MODES)[number], string> = {
  open: 'Open: anyone with the troop number joins',
  approval: 'Approval: a leader lets each newcomer in',
  invite: 'Invite: by invitation only',
};
const SIGNUP_CHOICES = [
  { value: '', label: 'As the server is set' },
  ...SIGNUP_MODES.map((mode) => ({ value: mode, label: SIGNUP_WORDS[mode] })),
];

/** Every zone the browser knows, offered as the time zone is typed. */
function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * The platform admin's form for a troop or a council, with its first leader. The browser checks
 * what it can; a refusal of the server is shown by the field it names. Focus goes to the first
 * field that needs fixing; once made, to what was made (made-unit.tsx).
 */
export function NewUnitPanel({ units }: { units: readonly ServerTroop[] }) {
  const [initial] = useState(() => emptyNewUnit(browserTimeZone()));
  const { values, setValues, setErrors, field, edit } = useCheckedFields<NewUnitValues>(
    initial,
    newUnitProblems,
  );
  const create = useCreateUnit();
  const [made, setMade] = useState<CreatedTroop | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const zones = useMemo(knownTimeZones, []);
  const councils = councilChoices(units);
  const isCouncil = values.kind === 'council';
  const noun = isCouncil ? 'council' : 'troop';

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (create.isPending) return;
    const form = e.currentTarget;
    const control = (name: keyof NewUnitValues) =>
      form.querySelector<HTMLElement>(`[name="${name}"]`);
    const problems = newUnitProblems(values);
    setErrors(problems);
    setFormProblem(null);
    const first = firstProblemField(problems);
    if (first) return control(first)?.focus();
    setMade(null);
    create.mutate(newUnitInput(values), {
      onSuccess: (result) => {
        setMade(result);
        setValues({ ...initial, kind: values.kind, timeZone: values.timeZone });
      },
      onError: (err) => {
        const problem = serverProblem(err);
        // A field the form does not show now (a council's council) is said over the form.
        const at = problem.field === null ? null : control(problem.field);
        if (problem.field === null || !at) return setFormProblem(problem.message);
        setErrors({ [problem.field]: problem.message });
        at.focus();
      },
    });
  };

  return (
    <section aria-labelledby="new-unit-heading" className="mt-8">
      <h2 id="new-unit-heading" className="text-xl font-bold text-stone-900">
        Make a troop or a council
      </h2>
      <Form
        busy={create.isPending}
        onSubmit={submit}
        aria-labelledby="new-unit-heading"
        className="mt-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <RadioGroup<UnitKind>
          legend="Kind"
          options={KINDS}
          value={values.kind}
          onChange={(kind) => edit('kind', kind)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Number" autoComplete="off" {...field('number')} />
          <TextField label="Name" autoComplete="off" {...field('name')} />
          <TextField
            label="Project id"
            autoComplete="off"
            spellCheck={false}
            hint={`The ${noun}'s name in its addresses: letters, digits, "-" and "_".`}
            {...field('projectId')}
          />
          <TextField
            label="Time zone"
            autoComplete="off"
            spellCheck={false}
            list="new-unit-zones"
            hint="Empty: the server's own."
            {...field('timeZone')}
          />
          <datalist id="new-unit-zones">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <ChoiceField label="Sign-up mode" options={SIGNUP_CHOICES} {...field('signupMode')} />
          {isCouncil ? null : (
            <ChoiceField
              label="Council"
              options={[{ value: '', label: 'None' }, ...councils]}
              {...field('councilProjectId')}
            />
          )}
          <TextField
            label="First leader's email (optional)"
            type="email"
            autoComplete="off"
            hint="An account with this address becomes the leader; anyone else gets an invitation link."
            className="sm:col-span-2"
            {...field('leaderEmail')}
          />
        </div>
        {formProblem ? <FormMessage tone="error">{formProblem}</FormMessage> : null}
        <SubmitButton busy={create.isPending} busyLabel={`Making the ${noun}...`}>
          Make {noun}
        </SubmitButton>
      </Form>
      {made ? <MadeUnit made={made} /> : null}
    </section>
  );
}
