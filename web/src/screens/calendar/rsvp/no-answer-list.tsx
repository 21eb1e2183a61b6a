/**
 * For leaders: who has not answered, by household, with the adults to contact, and one nudge a
 * day that mails exactly those households' adults (server/src/rsvps/nudge.ts).
 */
import { useState } from 'react';
import type { RsvpSummary } from '@scout/sdk/rsvps';
import { failureMessage } from '../../../lib/failure-message.ts';
import { scout } from '../../../lib/sdk.ts';
import { Button } from '../../../ui/button.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import type { RsvpTarget } from './use-rsvps.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function NudgeButton({ target, households }: { target: RsvpTarget; households: number }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = async () => {
    setBusy(true);
    setSaid(null);
    try {
      const sent = await scout.rsvps.nudge(target.eventId, target.occurrence || undefined);
      setSaid({
        tone: 'success',
        text: `Nudge sent to ${plural(sent.households, 'household', 'households')} (${plural(sent.adults, 'adult', 'adults')}).`,
      });
    } catch (err) {
      setSaid({ tone: 'error', text: failureMessage(err, 'Could not send the nudge.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || households === 0}
        onClick={() => void run()}
      >
        {busy ? <Spinner className="size-4" /> : null}
        Nudge
      </Button>
      {said ? <FormMessage tone={said.tone}>{said.text}</FormMessage> : null}
    </div>
  );
}

export function NoAnswerList({
  summary,
  target,
  labelledBy,
}: {
  summary: RsvpSummary;
  target: RsvpTarget;
  labelledBy: string;
}) {
  const households = summary.noAnswer ?? [];
  return (
    <div className="space-y-2">
      {households.length === 0 ? (
        <p className="text-sm text-stone-600">Every household has answered.</p>
      ) : (
        <ul aria-labelledby={labelledBy} className="divide-y divide-stone-100 text-sm">
          {households.map((h) => (
            <li key={h.householdId} className="py-1.5">
              <span className="font-medium text-stone-900">{h.household}</span>:{' '}
              {h.people.map((p) => `${p.name}${p.youth ? ' (scout)' : ''}`).join(', ')}
              {h.adults.length > 0 ? (
                <div className="text-stone-700">
                  Contact:{' '}
                  {h.adults.map((a, i) => (
                    <span key={a.email}>
                      {i > 0 ? ', ' : null}
                      {a.name} <a href={`mailto:${a.email}`}>{a.email}</a>
                    </span>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <NudgeButton target={target} households={households.length} />
    </div>
  );
}
