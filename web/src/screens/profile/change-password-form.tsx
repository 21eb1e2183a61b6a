import { useFormValues } from '../../lib/use-form-values.ts';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { emptyPasswordChange, type PasswordChangeValues } from './password-change.ts';
import { useChangePassword } from './use-change-password.ts';

/** Issue 7: a signed-in member changes their password by giving the current one. */
export function ChangePasswordForm() {
  // Edits may fix what a shown message names (revise is called at edit time, once defined).
  const { setValues, field, submitHandler } = useFormValues<PasswordChangeValues>(
    emptyPasswordChange,
    (values) => revise(values),
  );
  // Passwords do not linger in the page once they have done their job.
  const { change, revise, busy, error, success } = useChangePassword(() =>
    setValues(emptyPasswordChange),
  );

  return (
    <Form busy={busy} onSubmit={submitHandler(busy, change)}>
      <PasswordField kind="current" label="Current password" {...field('currentPassword')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField kind="new" label="New password" {...field('newPassword')} />
        <PasswordField kind="confirm" label="Confirm new password" {...field('confirmPassword')} />
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      <div className="flex justify-end pt-1">
        <SubmitButton
          busy={busy}
          busyLabel="Changing Password..."
          variant="secondary"
          size="lg"
          className="w-full sm:w-auto"
        >
          Change Password
        </SubmitButton>
      </div>
    </Form>
  );
}
