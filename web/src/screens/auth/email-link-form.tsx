import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { EmailField } from '../../ui/email-field.tsx';
import { Form } from '../../ui/form.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { SubmitButton } from '../../ui/submit-button.tsx';
import { BackButton } from './back-button.tsx';
import { useLinkRequest, type LinkRequestKind } from './use-link-request.ts';

const WORDS: Record<LinkRequestKind, { submit: string; sent: string }> = {
  reset: { submit: 'Send reset link', sent: EMAIL_LINK_MESSAGES.resetLinkSent },
  magic: { submit: 'Send sign-in link', sent: EMAIL_LINK_MESSAGES.magicLinkSent },
};

interface EmailLinkFormProps {
  kind: LinkRequestKind;
  /** The address typed in the sign-in form, if any. */
  initialEmail: string;
  onBack: () => void;
}

/** An email-only form that mails a password-reset or sign-in link, then confirms it. */
export function EmailLinkForm({ kind, initialEmail, onBack }: EmailLinkFormProps) {
  const { field, submitHandler } = useFormValues({ email: initialEmail });
  const { request, busy, sent, error } = useLinkRequest(kind);
  const words = WORDS[kind];

  return (
    <Form busy={busy} onSubmit={submitHandler(busy, (v) => request(v.email))}>
      {sent ? (
        <FormMessage tone="success">{words.sent}</FormMessage>
      ) : (
        <>
          <EmailField
            // The button that opened this form is gone: the field takes the focus it had.
            autoFocus
            {...field('email')}
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        </>
      )}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <BackButton onClick={onBack} disabled={busy} className={sent ? 'w-full' : 'sm:w-auto'}>
          Back to sign in
        </BackButton>
        {sent ? null : (
          <SubmitButton busy={busy} busyLabel="Sending..." size="lg" className="sm:flex-1">
            {words.submit}
          </SubmitButton>
        )}
      </div>
    </Form>
  );
}
