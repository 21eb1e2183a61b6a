import { useState, type FormEvent } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { PASSWORD_MIN_LENGTH } from '@scout/protocol/limits';
import { Button } from '../../ui/button.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { FormMessage } from './form-message.tsx';
import { emptyNewPassword, type NewPasswordValues } from './new-password.ts';
import { useSetNewPassword } from './use-set-new-password.ts';

interface SetNewPasswordFormProps {
  token: string;
  onDone: (user: WireUser | null) => void;
  onBack: () => void;
}

/** Opened from the emailed reset link: the new password twice, under the sign-up rules. */
export function SetNewPasswordForm({ token, onDone, onBack }: SetNewPasswordFormProps) {
  const [values, setValues] = useState<NewPasswordValues>(emptyNewPassword);
  const { submit, busy, error } = useSetNewPassword(token, onDone);
  const field = (name: keyof NewPasswordValues) => ({
    name,
    value: values[name],
    required: true,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) submit(values);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={busy}>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        autoFocus
        {...field('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <Button
          variant="secondary"
          size="lg"
          onClick={onBack}
          disabled={busy}
          className="sm:w-auto"
        >
          <ArrowLeftIcon className="size-4" />
          Back to sign in
        </Button>
        <Button type="submit" size="lg" className="sm:flex-1" disabled={busy}>
          {busy ? (
            <>
              <Spinner className="size-4" />
              Saving...
            </>
          ) : (
            'Set Password'
          )}
        </Button>
      </div>
    </form>
  );
}
