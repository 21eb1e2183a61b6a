import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { useInputProblem } from '../../lib/use-input-problem.ts';
import { signedInUserId } from './signed-in-user-id.ts';
import { useFlashMessage } from './use-flash-message.ts';

interface ProfileAction<T> {
  /** What is wrong with the input itself, or null. */
  check: (input: T) => string | null;
  send: (userId: string, input: T) => Promise<unknown>;
  /** Shown on success, then cleared (docs/product.md section 4). */
  succeeded: string;
  failureMessage: (err: unknown) => string;
  onDone?: () => void;
}

/** One change to the signed-in member's own account, with its refusal, failure or success message. */
export function useProfileAction<T>({
  check,
  send,
  succeeded,
  failureMessage,
  onDone,
}: ProfileAction<T>) {
  const input = useInputProblem(check);
  const [signedOut, setSignedOut] = useState(false);
  const success = useFlashMessage();
  const mutation = useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: T }) => send(userId, input),
    onSuccess: () => {
      success.show(succeeded);
      onDone?.();
    },
  });

  const run = (values: T) => {
    success.clear();
    mutation.reset();
    // docs/product.md section 5: the input is checked first, then the session.
    const problem = input.submit(values);
    const userId = signedInUserId();
    setSignedOut(!problem && !userId);
    if (!problem && userId) mutation.mutate({ userId, input: values });
  };

  return {
    run,
    revise: input.revise,
    busy: mutation.isPending,
    success: success.message,
    error:
      input.problem ??
      (signedOut ? UI_MESSAGES.sessionExpired : null) ??
      (mutation.isError ? failureMessage(mutation.error) : null),
  };
}
