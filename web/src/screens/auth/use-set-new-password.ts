import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';
import { validateNewPassword, type NewPasswordValues } from './new-password.ts';

/**
 * Spends the reset token on a new password. The answer signs the user in (`user`), or, from a
 * server that answers only success, leaves them to sign in with it (null).
 */
export function useSetNewPassword(token: string, onDone: (user: WireUser | null) => void) {
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (password: string) => scout.auth.confirmPasswordReset(token, password),
    onSuccess: (user) => onDone(user),
  });

  const submit = (values: NewPasswordValues) => {
    const problem = validateNewPassword(values);
    setInvalid(problem);
    if (!problem) mutation.mutate(values.password);
  };

  return {
    submit,
    busy: mutation.isPending,
    error:
      invalid ??
      (mutation.isError ? failureMessage(mutation.error, EMAIL_LINK_MESSAGES.resetFailed) : null),
  };
}
