import { useMutation } from '@tanstack/react-query';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';

export interface SignInValues {
  email: string;
  password: string;
}

export function useSignIn(onSignedIn: () => void) {
  const mutation = useMutation({
    mutationFn: ({ email, password }: SignInValues) =>
      scout.auth.signInWithEmail(email.trim(), password),
    onSuccess: () => onSignedIn(),
  });
  return {
    signIn: (values: SignInValues) => mutation.mutate(values),
    busy: mutation.isPending,
    error: mutation.isError ? failureMessage(mutation.error, UI_MESSAGES.signInFailed) : null,
    reset: mutation.reset,
  };
}
