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
 * `submitHandler` for the form's submit event.
 */
export function useFormValues<T extends { [K in keyof T]: string }>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const field = (name: keyof T & string): FieldBinding => ({
    name,
    value: values[name],
    required: true,
    onChange: (e) => setValues((v) => ({ ...v, [name]: e.target.value })),
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
