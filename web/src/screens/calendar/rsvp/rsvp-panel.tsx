/**
 * Who is coming to one event or occurrence (docs/product.md section 2): the counts in words,
 * the deadline and places, an answer for each person the member may answer for, everyone's
 * names, and for leaders who has not answered (with a nudge) and the CSV export. Other tabs' and members' answers arrive live
 * (use-rsvp-live.ts); the counts are a polite live region so a screen reader hears them change.
 */
import { useId, useState } from 'react';
import { RSVP_ANSWER_LABELS, type RsvpAnswer } from '@scout/protocol/rsvps';
import type { RsvpSummary } from '@scout/sdk/rsvps';
import { failureMessage } from '../../../lib/failure-message.ts';
import { Button } from '../../../ui/button.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { BusyNote, Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { scout } from '../../../lib/sdk.ts';
import type { CalendarEvent } from '../calendar-event.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { NoAnswerList } from './no-answer-list.tsx';
import { PersonAnswer } from './person-answer.tsx';
import { countsText, deadlineText, placesText } from './rsvp-text.ts';
import { rsvpTargetOf } from './rsvp-target.ts';
import { useAnswer, useRsvps } from './use-rsvps.ts';

interface AnswerListProps {
  summary: RsvpSummary;
  labelledBy: string;
  /** Leaders: change any answer, also after the deadline. */
  onChange?: (attendee: string, answer: RsvpAnswer, note: string | null) => void;
  busy: boolean;
}

function AnswerList({ summary, labelledBy, onChange, busy }: AnswerListProps) {
  const [changing, setChanging] = useState<string | null>(null);
  if (summary.answers.length === 0)
    return <p className="text-sm text-stone-600">Nobody has answered yet.</p>;
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-stone-100 text-sm">
      {summary.answers.map((a) => (
        <li key={a.attendee} className="py-1.5">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <span className="font-medium text-stone-900">
              {a.name}
              {a.youth ? <span className="font-normal text-stone-600"> · Scout</span> : null}
            </span>
            <span className="flex flex-wrap items-center gap-2 text-stone-700">
              <span>
                {a.waitlisted
                  ? `Waitlist, position ${a.waitlistPosition ?? '?'}`
                  : RSVP_ANSWER_LABELS[a.answer]}
                {a.note ? <span className="text-stone-600"> · {a.note}</span> : null}
              </span>
              {onChange ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={changing === a.attendee}
                  aria-label={`Change the answer of ${a.name}`}
                  onClick={() => setChanging((c) => (c === a.attendee ? null : a.attendee))}
                >
                  Change
                </Button>
              ) : null}
            </span>
          </div>
          {onChange && changing === a.attendee ? (
            <div className="mt-2">
              <PersonAnswer
                key={`${a.attendee}:${a.answer}:${a.note ?? ''}`}
                person={a}
                self={false}
                locked={false}
                busy={busy}
                onSave={(answer, note) => onChange(a.attendee, answer, note)}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ExportButton({ event }: { event: CalendarEvent }) {
  const [busy, setBusy] = useState(false);
  const target = rsvpTargetOf(event);
  const run = async () => {
    setBusy(true);
    try {
      saveFile(await scout.rsvps.exportCsv(target.eventId, target.occurrence || undefined));
    } catch (err) {
      toast.error(failureMessage(err, 'Could not export the answers.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" disabled={busy} onClick={() => void run()}>
      {busy ? <Spinner className="size-4" /> : null}
      Export CSV
    </Button>
  );
}

export function RsvpPanel({ userId, event }: { userId: string; event: CalendarEvent }) {
  const target = rsvpTargetOf(event);
  const { data, isPending, isError, refetch } = useRsvps(userId, target);
  const answer = useAnswer(userId, target);
  const headingId = useId();
  const namesId = useId();
  const missingId = useId();

  if (isPending) return <BusyNote>Loading answers...</BusyNote>;
  if (isError || !data)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <FormMessage tone="error">Could not load the answers.</FormMessage>
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );

  const locked = data.closed && !data.canManage;
  const deadline = deadlineText(data);
  const places = placesText(data);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-bold text-stone-900">
          Who is coming
        </h3>
        {data.canManage ? <ExportButton event={event} /> : null}
      </div>
      <p aria-live="polite" className="text-sm text-stone-800">
        {countsText(data.counts)}
      </p>
      {deadline || places ? (
        <p className="text-sm text-stone-700">{[deadline, places].filter(Boolean).join('. ')}</p>
      ) : null}
      {locked ? (
        <p className="text-sm text-stone-700">
          The deadline has passed: a leader can still change an answer.
        </p>
      ) : null}
      {answer.isError ? (
        <FormMessage tone="error">
          {failureMessage(answer.error, 'Could not save the answer.')}
        </FormMessage>
      ) : null}
      {/* Offline, the answer waits (a paused mutation) and goes when the browser is back. */}
      <p aria-live="polite" className="text-sm font-medium text-scout-800">
        {answer.isPaused ? "Saved when you're back online" : ''}
      </p>
      <div className="space-y-2">
        {data.mine.map((person, i) => (
          <PersonAnswer
            // A new answer from the server (another tab, a leader) starts the form afresh.
            key={`${person.attendee}:${person.answer}:${person.note ?? ''}`}
            person={person}
            self={i === 0}
            locked={locked}
            busy={answer.isPending}
            onSave={(value, note) =>
              answer.mutate({ attendee: person.attendee, answer: value, note })
            }
          />
        ))}
      </div>
      <div>
        <h4 id={namesId} className="mb-1 text-sm font-semibold text-stone-900">
          Answers
        </h4>
        <AnswerList
          summary={data}
          labelledBy={namesId}
          busy={answer.isPending}
          {...(data.canManage
            ? {
                onChange: (attendee: string, value: RsvpAnswer, note: string | null) =>
                  answer.mutate({ attendee, answer: value, note }),
              }
            : {})}
        />
      </div>
      {data.noAnswer ? (
        <div>
          <h4 id={missingId} className="mb-1 text-sm font-semibold text-stone-900">
            No answer yet
          </h4>
          <NoAnswerList summary={data} target={target} labelledBy={missingId} />
        </div>
      ) : null}
    </section>
  );
}
