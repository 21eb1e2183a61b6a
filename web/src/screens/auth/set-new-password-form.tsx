import type { WireUser } from '@scout/protocol/auth';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { Button } from '../../ui/button.tsx';
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
  /** The link was spent or has expired: the form to mail a new one. */
  onRequestNewLink: () => void;
}

/** Opened from the emailed reset link: the new password twice, under the sign-up rules. */
export function SetNewPasswordForm({
  token,
  onDone,
  onBack,
  onRequestNewLink,
}: SetNewPasswordFormProps) {
  const { submit, revise, busy, error, linkUnusable } = useSetNewPassword(token, onDone);
  const { field, submitHandler } = useFormValues<NewPasswordValues>(emptyNewPassword, revise);

  return (
    <Form busy={busy} onSubmit={submitHandler(busy, submit)}>
      <PasswordField kind="new" label="New password" autoFocus {...field('password')} />
      <PasswordField kind="confirm" label="Confirm new password" {...field('confirmPassword')} />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {linkUnusable ? (
        <Button variant="secondary" className="w-full" onClick={onRequestNewLink}>
          {EMAIL_LINK_MESSAGES.newResetLink}
        </Button>
      ) : null}
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
