import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';
import { Button } from '../../ui/button.tsx';
import { AlertCircleIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { rememberDismissal, tabStore, wasDismissed } from './banner-dismissal.ts';

/** Shown on the dashboard while the user's address is unverified, until they dismiss it. */
export function VerifyEmailBanner({ user }: { user: WireUser }) {
  const [dismissed, setDismissed] = useState(() => wasDismissed(tabStore(), user.id));
  const resend = useMutation({ mutationFn: () => scout.auth.sendEmailVerification() });

  if (user.emailVerified || dismissed) return null;

  const dismiss = () => {
    rememberDismissal(tabStore(), user.id);
    setDismissed(true);
  };

  return (
    <section
      aria-label="Email verification"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-trail-300 bg-trail-100 p-4 text-stone-900 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <AlertCircleIcon className="mt-0.5 size-5 shrink-0 text-trail-600" />
        <div className="min-w-0 text-sm">
          <p className="font-semibold">Please verify your email address.</p>
          <p className="mt-0.5 text-stone-800">
            Choose Resend and we will email a link to{' '}
            <span className="font-medium break-all">{user.email}</span>: opening it confirms the
            address is yours.
          </p>
          {/* Present from the start, so screen readers announce the text when it appears. */}
          <p role="status" className={resend.isSuccess ? 'mt-1.5 font-medium text-scout-800' : ''}>
            {resend.isSuccess ? EMAIL_LINK_MESSAGES.verificationSent : null}
          </p>
          {resend.isError ? (
            <p role="alert" className="mt-1.5 font-medium text-red-800">
              {failureMessage(resend.error, EMAIL_LINK_MESSAGES.sendFailed)}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-8 sm:pl-0">
        <Button size="sm" onClick={() => resend.mutate()} disabled={resend.isPending}>
          {resend.isPending ? <Spinner className="size-4" /> : null}
          Resend
        </Button>
        <Button size="sm" variant="ghost" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
