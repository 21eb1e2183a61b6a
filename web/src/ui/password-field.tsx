import { PASSWORD_MIN_LENGTH } from '@scout/protocol/limits';
import { TextField, type TextFieldProps } from './text-field.tsx';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'> {
  /**
   * `current` is the one the member has; `new` is one they choose, so it states the length rule;
   * `confirm` repeats the new one. Password managers fill or suggest accordingly.
   */
  kind: 'current' | 'new' | 'confirm';
}

export function PasswordField({ kind, ...props }: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      hint={kind === 'new' ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined}
      {...props}
    />
  );
}
