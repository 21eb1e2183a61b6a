import { useFormValues } from '../../lib/use-form-values.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField } from '../../ui/email-field.tsx';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { PasswordField } from '../../ui/password-field.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import type { SignInValues } from './use-sign-in.ts';

interface SignInFormProps {
  busy: boolean;
  error: string | null;
  onSubmit: (values: SignInValues) => void;
  /** The other ways in: each opens an email-only form, given the address typed so far. */
  onForgotPassword: (email: string) => void;
  onEmailLink: (email: string) => void;
}

export function SignInForm({
  busy,
  error,
  onSubmit,
  onForgotPassword,
  onEmailLink,
}: SignInFormProps) {
  const { values, field, submitHandler } = useFormValues<SignInValues>({ email: '', password: '' });

  return (
    <Form busy={busy} onSubmit={submitHandler(busy, onSubmit)}>
      <EmailField {...field('email')} />
      <PasswordField kind="current" label="Password" {...field('password')} />
      <div className="-mt-1 flex justify-end">
        <button
          type="button"
          onClick={() => onForgotPassword(values.email)}
          disabled={busy}
          className="cursor-pointer rounded text-sm font-semibold text-scout-700 underline-offset-4 hover:text-scout-800 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
        >
          Forgot password?
        </button>
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <SubmitButton busy={busy} busyLabel="Signing in..." size="lg" className="w-full">
        Sign In
      </SubmitButton>
      <div
        className="flex items-center gap-3 text-xs font-medium text-stone-600"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-stone-200" />
        or
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={busy}
        onClick={() => onEmailLink(values.email)}
      >
        Email me a sign-in link
      </Button>
    </Form>
  );
}
