import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@scout/protocol/limits';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { emptyPasswordChange, type PasswordChangeValues } from './password-change.ts';
import { useChangePassword } from './use-change-password.ts';

/** Issue 7: a signed-in member changes their password by giving the current one. */
export function ChangePasswordForm() {
  const [values, setValues] = useState<PasswordChangeValues>(emptyPasswordChange);
  // Passwords do not linger in the page once they have done their job.
  const { change, busy, error, success } = useChangePassword(() => setValues(emptyPasswordChange));
  const field = (name: keyof PasswordChangeValues) => ({
    name,
    type: 'password',
    value: values[name],
    required: true,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) change(values);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <TextField
        label="Current password"
        autoComplete="current-password"
        {...field('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="New password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          {...field('newPassword')}
        />
        <TextField
          label="Confirm new password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      <div className="flex justify-end pt-1">
        <Button
          type="submit"
          variant="secondary"
          size="lg"
          disabled={busy}
          className="w-full sm:w-auto"
        >
          {busy ? (
            <>
              <Spinner className="size-4" />
              Changing Password...
            </>
          ) : (
            'Change Password'
          )}
        </Button>
      </div>
    </form>
  );
}
