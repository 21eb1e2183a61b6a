/** The post's kind and audience, each a labelled group of native inputs. */
import { useId } from 'react';
import {
  NEWSLETTER_AUDIENCE_LABELS,
  NEWSLETTER_AUDIENCES,
  patrolKey,
  type NewsletterAudience,
  type NewsletterKind,
} from '@scout/protocol/newsletter';
import { cx } from '../../../ui/cx.ts';
import { Spinner } from '../../../ui/spinner.tsx';

const KINDS: ReadonlyArray<{ value: NewsletterKind; label: string; line: string }> = [
  {
    value: 'newsletter',
    label: 'Newsletter',
    line: 'A regular issue, mailed in full when each member takes their mail.',
  },
  {
    value: 'announcement',
    label: 'Announcement',
    line: 'Short and urgent: mailed at once, and a banner in the app until read.',
  },
];

const legendClass = 'mb-1.5 text-sm font-medium text-stone-800';
const choiceClass = cx(
  'flex min-w-0 cursor-pointer items-start gap-2.5 rounded-lg border border-stone-300 bg-white p-3 shadow-sm',
  'has-[:checked]:border-scout-600 has-[:checked]:bg-scout-50',
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-scout-600',
);

/** Newsletter or announcement, each with the one line that says what it does. */
export function KindField({
  value,
  onChange,
}: {
  value: NewsletterKind;
  onChange: (kind: NewsletterKind) => void;
}) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className={legendClass}>Kind</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {KINDS.map((k) => (
          <label key={k.value} className={choiceClass}>
            <input
              type="radio"
              name={name}
              value={k.value}
              checked={value === k.value}
              onChange={() => onChange(k.value)}
              aria-describedby={`${name}-${k.value}`}
              className="mt-0.5 size-4 shrink-0 accent-scout-700"
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-stone-900">{k.label}</span>
              <span id={`${name}-${k.value}`} className="block text-xs text-stone-600">
                {k.line}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface AudienceFieldProps {
  audience: NewsletterAudience;
  patrols: string[];
  onAudience: (audience: NewsletterAudience) => void;
  onPatrols: (patrols: string[]) => void;
  /** The troop's patrols; undefined while they load. */
  known: string[] | undefined;
  knownFailed: boolean;
  /** The server's words for a wrong choice of patrols. */
  error: string | null;
}

/** Who gets it; "Chosen patrols" shows the troop's patrols to tick. */
export function AudienceField({
  audience,
  patrols,
  onAudience,
  onPatrols,
  known,
  knownFailed,
  error,
}: AudienceFieldProps) {
  const name = useId();
  const errorId = `${name}-patrols-error`;
  const chosen = new Set(patrols.map(patrolKey));
  // A patrol the post names that no scout is in any more stays listed, so it can be unticked.
  const shown = [...(known ?? [])];
  for (const p of patrols) if (!shown.some((k) => patrolKey(k) === patrolKey(p))) shown.push(p);
  const toggle = (patrol: string, on: boolean) =>
    onPatrols(
      on ? [...patrols, patrol] : patrols.filter((p) => patrolKey(p) !== patrolKey(patrol)),
    );
  return (
    <fieldset className="min-w-0">
      <legend className={legendClass}>Audience</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {NEWSLETTER_AUDIENCES.map((a) => (
          <label
            key={a}
            className="flex min-h-10 cursor-pointer items-center gap-2.5 text-sm text-stone-900"
          >
            <input
              type="radio"
              name={name}
              value={a}
              checked={audience === a}
              onChange={() => onAudience(a)}
              className="size-4 shrink-0 accent-scout-700"
            />
            {NEWSLETTER_AUDIENCE_LABELS[a]}
          </label>
        ))}
      </div>
      {audience === 'patrols' ? (
        <fieldset
          className="mt-2 min-w-0 rounded-lg border border-stone-200 p-3"
          aria-describedby={error ? errorId : undefined}
        >
          <legend className="px-1 text-sm font-medium text-stone-800">Patrols</legend>
          {known === undefined && !knownFailed ? (
            <p className="flex items-center gap-2 text-sm text-stone-600">
              <Spinner className="size-4" /> Loading the patrols...
            </p>
          ) : null}
          {knownFailed ? (
            <p className="text-sm text-stone-700">The troop&apos;s patrols could not be loaded.</p>
          ) : null}
          {known && shown.length === 0 ? (
            <p className="text-sm text-stone-700">No scout of the troop is in a patrol yet.</p>
          ) : null}
          <div className="grid gap-1 sm:grid-cols-2">
            {shown.map((p) => (
              <label
                key={patrolKey(p)}
                className="flex min-h-10 min-w-0 cursor-pointer items-center gap-2.5 text-sm text-stone-900"
              >
                <input
                  type="checkbox"
                  name="patrols"
                  value={p}
                  checked={chosen.has(patrolKey(p))}
                  onChange={(e) => toggle(p, e.target.checked)}
                  aria-invalid={error ? true : undefined}
                  className="size-4 shrink-0 accent-scout-700"
                />
                <span className="min-w-0 break-words">{p}</span>
              </label>
            ))}
          </div>
          {error ? (
            <p id={errorId} className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}
