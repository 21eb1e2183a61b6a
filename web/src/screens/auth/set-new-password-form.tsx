import type { WireUser } from '@scout/protocol/auth';
import { useFormValues } from '../../lib/use-form-values.ts';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { BackButton } from './back-button.tsx';
import { emptyNewPassword, type NewPasswordValues } from './new-password.ts';
import { useSetNewPassword } from './use-set-new-password.ts';

interface SetNewPasswordFormProps {
  token: string;
  onDone: (user: WireUser | null) => void;
  onBack: () => void;
}

/** Opened from the emailed reset link: the new password twice, under the sign-up rules. */
export function SetNewPasswordForm({ token, onDone, onBack }: SetNewPasswordFormProps) {
  const { field, submitHandler } = useFormValues<NewPasswordValues>(emptyNewPassword);
  const { submit, busy, error } = useSetNewPassword(token, onDone);

  return (
    <Form busy={busy} onSubmit={submitHandler(busy, submit)}>
      <PasswordField kind="new" label="New password" autoFocus {...field('password')} />
      <PasswordField kind="confirm" label="Confirm new password" {...field('confirmPassword')} />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <BackButton onClick={onBack} disabled={busy}>
          Back to sign in
        </BackButton>
        <SubmitButton busy={busy} busyLabel="Saving..." size="lg" className="sm:flex-1">
          Set Password
        </SubmitButton>
      </div>
    </Form>
  );
}
