import { TextField, type TextFieldProps } from './text-field.tsx';

/** The labelled email-address input every sign-in and sign-up form asks for. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Email address"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      {...props}
    />
  );
}
