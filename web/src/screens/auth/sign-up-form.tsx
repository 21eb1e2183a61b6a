import { TROOP_ROLES } from '@scout/protocol/roles';
import type { SignUpFormValues } from '@scout/protocol/sign-up-form';
import { useFormValues } from '../../lib/use-form-values.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { TroopDetailsFields } from '../../ui/troop-details-fields.tsx';
import { BackButton } from './back-button.tsx';
import { emptySignUpForm } from './sign-up-request.ts';

interface SignUpFormProps {
  busy: boolean;
  done: boolean;
  error: string | null;
  success: string | null;
  onSubmit: (values: SignUpFormValues) => void;
  /** After each edit, so a shown rule's message goes once the rule holds. */
  onEdit: (values: SignUpFormValues) => void;
  onBack: () => void;
  /** An invitation sent to one person: their email, filled in and fixed. */
  invitedEmail?: string | null;
}

export function SignUpForm({
  busy,
  done,
  error,
  success,
  onSubmit,
  onEdit,
  onBack,
  invitedEmail = null,
}: SignUpFormProps) {
  const { field, submitHandler } = useFormValues<SignUpFormValues>(
    { ...emptySignUpForm, email: invitedEmail ?? '' },
    onEdit,
  );
  const locked = busy || done;

  return (
    <Form busy={busy} onSubmit={submitHandler(locked, onSubmit)}>
      <TroopDetailsFields field={field} roleOptions={TROOP_ROLES} />
      <EmailField
        {...field('email')}
        readOnly={invitedEmail !== null}
        hint={invitedEmail !== null ? 'The address your invitation was sent to.' : undefined}
      />
      <PasswordField kind="new" label="Password" {...field('password')} />
      <PasswordField kind="confirm" label="Confirm password" {...field('confirmPassword')} />
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {success ? <FormMessage tone="success">{success}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <BackButton onClick={onBack} disabled={locked}>
          Back
        </BackButton>
        <SubmitButton
          busy={busy}
          busyLabel="Creating Account..."
          size="lg"
          className="sm:flex-1"
          disabled={locked}
        >
          Create Account
        </SubmitButton>
      </div>
    </Form>
  );
}
