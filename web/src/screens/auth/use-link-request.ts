import { useMutation } from '@tanstack/react-query';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';

export type LinkRequestKind = 'reset' | 'magic';

/** Asks the server to mail a reset or sign-in link; the link leads back to this page. */
export function useLinkRequest(kind: LinkRequestKind) {
  const mutation = useMutation({
    mutationFn: (email: string) =>
      kind === 'reset'
        ? scout.auth.sendPasswordResetEmail(email.trim())
        : scout.auth.sendMagicLink(email.trim()),
  });
  return {
    request: (email: string) => mutation.mutate(email),
    busy: mutation.isPending,
    sent: mutation.isSuccess,
    error: mutation.isError ? failureMessage(mutation.error, EMAIL_LINK_MESSAGES.sendFailed) : null,
  };
}
