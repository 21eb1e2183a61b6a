import { useMutation } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { linkFailure } from '../../lib/link-failure.ts';
import { useInputProblem } from '../../lib/use-input-problem.ts';
import { scout } from '../../lib/sdk.ts';
import { validateNewPassword, type NewPasswordValues } from './new-password.ts';

/**
 * Spends the reset token on a new password. The answer signs the user in (`user`), or, from a
 * server that answers only success, leaves them to sign in with it (null).
 */
export function useSetNewPassword(token: string, onDone: (user: WireUser | null) => void) {
  const input = useInputProblem(validateNewPassword);
  const mutation = useMutation({
    mutationFn: (password: string) => scout.auth.confirmPasswordReset(token, password),
    onSuccess: (user) => onDone(user),
  });

  const submit = (values: NewPasswordValues) => {
    if (!input.submit(values)) mutation.mutate(values.password);
  };

  const failure = mutation.isError
    ? linkFailure(mutation.error, EMAIL_LINK_MESSAGES.resetFailed)
    : null;

  return {
    submit,
    revise: input.revise,
    busy: mutation.isPending,
    error: input.problem ?? (failure ? failure.message : null),
    /** The link was spent or has expired: only a new one helps. */
    linkUnusable: !input.problem && (failure?.unusable ?? false),
  };
}
