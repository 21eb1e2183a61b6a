import { useState, type FormEvent } from 'react';

/** The props that tie one text control to a field of the form's values. */
export interface FieldBinding {
  name: string;
  value: string;
  required: true;
  onChange: (e: { target: { value: string } }) => void;
}

/**
 * A form's text values, with `field(name)` to spread onto the control that edits each one and
 * `submitHandler` for the form's submit event. `onEdit` hears the values after every edit (a
 * shown validation message may be fixed by it: lib/use-input-problem.ts).
 */
export function useFormValues<T extends { [K in keyof T]: string }>(
  initial: T | (() => T),
  onEdit?: (values: T) => void,
) {
  const [values, setValues] = useState<T>(initial);
  const field = (name: keyof T & string): FieldBinding => ({
    name,
    value: values[name],
    required: true,
    onChange: (e) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      onEdit?.(next);
    },
  });
  /** The page stays put, and nothing is sent twice while `blocked` (a request is on its way). */
  const submitHandler = (blocked: boolean, send: (values: T) => void) => {
    return (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      if (!blocked) send(values);
    };
  };
  return { values, setValues, field, submitHandler };
}
