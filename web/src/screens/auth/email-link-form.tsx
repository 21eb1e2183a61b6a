import { useState, type FormEvent } from 'react';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { Button } from '../../ui/button.tsx';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { FormMessage } from './form-message.tsx';
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
  const [email, setEmail] = useState(initialEmail);
  const { request, busy, sent, error } = useLinkRequest(kind);
  const words = WORDS[kind];

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!busy) request(email);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      {sent ? (
        <FormMessage tone="success">{words.sent}</FormMessage>
      ) : (
        <>
          <TextField
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            // The button that opened this form is gone: the field takes the focus it had.
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        </>
      )}
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <Button
          variant="secondary"
          size="lg"
          onClick={onBack}
          disabled={busy}
          className={sent ? 'w-full' : 'sm:w-auto'}
        >
          <ArrowLeftIcon className="size-4" />
          Back to sign in
        </Button>
        {sent ? null : (
          <Button type="submit" size="lg" className="sm:flex-1" disabled={busy}>
            {busy ? (
              <>
                <Spinner className="size-4" />
                Sending...
              </>
            ) : (
              words.submit
            )}
          </Button>
        )}
      </div>
    </form>
  );
}
