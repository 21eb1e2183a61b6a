/**
 * The mark of an event the household still owes an answer (household-answers.ts, awaitsAnswer),
 * on the calendar's rows and the dashboard's card: in words, not by colour alone, and named
 * for its event so a screen reader moving by item hears which event it is.
 */
import { cx } from '../ui/cx.ts';

export const NEEDS_ANSWER = 'Needs your answer';

export function NeedsAnswerBadge({
  eventName,
  className,
}: {
  eventName: string;
  className?: string;
}) {
  return (
    <p
      className={cx(
        'inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900',
        className,
      )}
    >
      {NEEDS_ANSWER}
      <span className="sr-only">: {eventName}</span>
    </p>
  );
}
