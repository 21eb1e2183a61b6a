import { useFormValues } from '../../lib/use-form-values.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { BackButton } from './back-button.tsx';
import { emptyFirstAdmin, type FirstAdminValues } from './first-admin.ts';
import { useFirstAdmin } from './use-first-admin.ts';

export const SETUP_LINK_UNUSABLE = 'This setup link has expired or was already used.';

interface FirstAdminFormProps {
  token: string;
  onDone: () => void;
  onClose: () => void;
}

/** Opened from the setup link the server printed: the troop's first admin account. */
export function FirstAdminForm({ token, onDone, onClose }: FirstAdminFormProps) {
  const setup = useFirstAdmin(token, onDone);
  const { field, submitHandler } = useFormValues<FirstAdminValues>(emptyFirstAdmin, setup.revise);

  if (setup.checking) return <p className="text-sm text-stone-600">Checking the setup link...</p>;
  if (setup.unusable)
    return (
      <div className="space-y-4">
        <FormMessage tone="error">{SETUP_LINK_UNUSABLE}</FormMessage>
        <p className="text-sm text-stone-600">
          Restarting the server prints a new link while the troop has no admin. If it has one, sign
          in instead.
        </p>
        <BackButton className="w-full" onClick={onClose}>
          Back to sign in
        </BackButton>
      </div>
    );
  return (
    <Form busy={setup.busy} onSubmit={submitHandler(setup.busy, setup.submit)}>
      <TextField label="Your name" autoComplete="name" autoFocus {...field('name')} />
      <EmailField {...field('email')} />
      <PasswordField kind="new" label="Password" {...field('password')} />
      <PasswordField kind="confirm" label="Confirm password" {...field('confirmPassword')} />
      {setup.error ? <FormMessage tone="error">{setup.error}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <BackButton onClick={onClose} disabled={setup.busy}>
          Back to sign in
        </BackButton>
        <SubmitButton busy={setup.busy} busyLabel="Creating..." size="lg" className="sm:flex-1">
          Create Admin Account
        </SubmitButton>
      </div>
    </Form>
  );
}
