import { useState } from 'react';

/**
 * A form's refusal of its own input (a rule of docs/product.md section 5): set when the form is
 * sent, and gone as soon as an edit fixes what it names, rather than left on screen over
 * fields that are now right.
 */
export function useInputProblem<T>(check: (values: T) => string | null) {
  const [problem, setProblem] = useState<string | null>(null);
  return {
    problem,
    /** Checks the values being sent; the problem, or null when they may go. */
    submit: (values: T): string | null => {
      const found = check(values);
      setProblem(found);
      return found;
    },
    /** After each edit: the shown problem goes once the rule it names holds. */
    revise: (values: T) =>
      setProblem((shown) => (shown !== null && check(values) !== shown ? null : shown)),
    clear: () => setProblem(null),
  };
}
