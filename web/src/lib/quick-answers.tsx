/**
 * One tap per person (docs/product.md section 2): Going, Maybe or Not going for each person the
 * member answers for, beside the event in the calendar's list and on the dashboard's card. The
 * pressed button is the person's answer; "No answer yet" stands where there is none. A note,
 * the names of everyone else and the leaders' tools stay in the event's answers panel.
 */
import type { ReactNode } from 'react';
import { RSVP_ANSWER_LABELS, RSVP_ANSWERS, type RsvpAnswer } from '@scout/protocol/rsvps';
import { cx } from '../ui/cx.ts';
import { failureMessage } from './failure-message.ts';
import {
  answersMonth,
  peopleAnswers,
  shortName,
  type PersonAnswer,
  type RsvpTarget,
} from './household-answers.ts';
import { useHouseholdAnswers, useQuickAnswer } from './use-household-answers.ts';

const PRESSED: Record<RsvpAnswer, string> = {
  going: 'border-scout-700 bg-scout-700 text-white',
  maybe: 'border-amber-700 bg-amber-100 text-amber-950',
  not_going: 'border-stone-700 bg-stone-700 text-white',
};

interface QuickAnswersProps {
  userId: string;
  target: RsvpTarget;
  /** The event's (or occurrence's) date as shown: the month answers are read by comes from it. */
  eventDate: string;
  eventName: string;
  /** Past the deadline only leaders change answers, in the answers panel. */
  closed?: boolean;
  className?: string;
}

function PersonButtons({
  person,
  self,
  eventName,
  disabled,
  onAnswer,
  children,
}: {
  person: PersonAnswer;
  self: boolean;
  eventName: string;
  disabled: boolean;
  onAnswer: (answer: RsvpAnswer) => void;
  /** What follows the buttons on their line: the last person's line shows how the save went. */
  children?: ReactNode;
}) {
  const who = self ? `${person.name} (you)` : person.name;
  return (
    <div
      role="group"
      aria-label={`${who}: ${eventName}`}
      className="flex flex-wrap items-center gap-x-2 gap-y-1"
    >
      {/* Name and state first: on a phone the buttons take the next line, not three lines. */}
      <span className="min-w-12 text-sm">
        <span className="font-semibold text-stone-800" aria-hidden="true">
          {shortName(person, self)}
        </span>
        {person.answer === null || person.waitlisted ? (
          <span className="text-xs text-stone-600">
            <span aria-hidden="true"> · </span>
            {person.answer === null ? 'No answer yet' : 'On the waitlist'}
          </span>
        ) : null}
      </span>
      <span className="inline-flex overflow-hidden rounded-lg border border-stone-300">
        {RSVP_ANSWERS.map((answer) => {
          const pressed = person.answer === answer;
          const label = RSVP_ANSWER_LABELS[answer];
          return (
            <button
              key={answer}
              type="button"
              aria-pressed={pressed}
              // The visible word first, then whose answer it is: what a voice user says works.
              aria-label={`${label}: ${who}`}
              disabled={disabled}
              onClick={() => {
                if (!pressed) onAnswer(answer);
              }}
              className={cx(
                'h-8 min-w-11 border-l border-stone-300 px-2.5 text-sm font-semibold first:border-l-0',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-scout-600',
                'disabled:cursor-not-allowed disabled:opacity-60',
                pressed ? PRESSED[answer] : 'bg-white text-stone-800 hover:bg-scout-50',
              )}
            >
              {label}
            </button>
          );
        })}
      </span>
      {children}
    </div>
  );
}

export function QuickAnswers({
  userId,
  target,
  eventDate,
  eventName,
  closed = false,
  className,
}: QuickAnswersProps) {
  const month = answersMonth(target, eventDate);
  const { data } = useHouseholdAnswers(userId, month);
  const save = useQuickAnswer(userId, target, month);
  if (!data || data.people.length === 0) return null;
  const people = peopleAnswers(data, target);
  const status = save.isPaused
    ? "Saved when you're back online"
    : save.isPending
      ? 'Saving...'
      : save.isError
        ? failureMessage(save.error, 'Could not save the answer.')
        : save.isSuccess
          ? 'Saved'
          : '';
  return (
    <div className={cx('space-y-1', className)}>
      {people.map((person, i) => (
        <PersonButtons
          key={person.attendee}
          person={person}
          self={i === 0}
          eventName={eventName}
          disabled={closed}
          onAnswer={(answer) => save.mutate({ attendee: person.attendee, answer })}
        >
          {i === people.length - 1 && status ? (
            <span
              aria-hidden="true"
              className={cx(
                'text-xs font-medium',
                save.isError ? 'text-red-800' : 'text-scout-800',
              )}
            >
              {status}
            </span>
          ) : null}
        </PersonButtons>
      ))}
      {closed ? <p className="text-xs text-stone-600">Answers are closed.</p> : null}
      {/* Always in the page, so a screen reader hears each change; shown on the last line above. */}
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
