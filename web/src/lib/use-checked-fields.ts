import { useState } from 'react';
import { errorsAfterEdit, type FieldErrors } from './field-errors.ts';

/**
 * A form's text values and the messages its check left on them. `field(name)` spreads onto the
 * control that edits one value (its name, value, message and change handler); `edit` sets one
 * value from any other control. A message goes as soon as an edit fixes what it names
 * (lib/field-errors.ts), so a mistake the member fixed stops being announced at once; `check`,
 * the form's rules, tells when an edit of one field fixed another's message.
 */
export function useCheckedFields<T extends { [K in keyof T]: string }>(
  initial: T | (() => T),
  check?: (values: T) => FieldErrors<T>,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const edit = (name: keyof T & string, value: string) => {
    const next: T = { ...values, [name]: value };
    setValues(next);
    setErrors((shown) => errorsAfterEdit(shown, name, next, check));
  };
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name] ?? null,
    onChange: (e: { target: { value: string } }) => edit(name, e.target.value),
  });
  return { values, setValues, errors, setErrors, field, edit };
}
