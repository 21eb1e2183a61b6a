import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { UI_MESSAGES } from '@scout/protocol/errors';
import {
  PRODUCT_NAME,
  SIGNUP_METADATA_DELAY_MS,
  SIGNUP_REDIRECT_DELAY_MS,
} from '@scout/protocol/limits';
import type { SignUpFormValues } from '@scout/protocol/sign-up-form';
import { failureMessage } from '../../lib/failure-message.ts';
import { logAppEvent } from '../../lib/screen-pageviews.ts';
import { useInputProblem } from '../../lib/use-input-problem.ts';
import { scout } from '../../lib/sdk.ts';
import { buildSignUpRequest, signUpMetadata, validateSignUp } from './sign-up-request.ts';

export function useSignUp(
  onSignedUp: () => void,
  invitation: string | null = null,
  family: string | null = null,
) {
  const input = useInputProblem(validateSignUp);
  const [success, setSuccess] = useState<string | null>(null);
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);

  const mutation = useMutation({
    mutationFn: (values: SignUpFormValues) =>
      scout.auth.signUp(buildSignUpRequest(values, invitation, family)),
    onSuccess: (_session, values) => {
      setSuccess(UI_MESSAGES.signUpSuccess(PRODUCT_NAME));
      logAppEvent('signup', { troop_role: values.troopRole || null });
      // docs/product.md section 4: the metadata is written again about 1 s later, for clients that read it
      // only from there; the account already holds it, so a failure here is only logged.
      const metadata = JSON.stringify(signUpMetadata(values));
      timers.current.push(
        window.setTimeout(() => {
          scout.auth.updateMe({ metadata }).catch((err: unknown) => {
            console.warn('Saving troop details after sign-up failed', err);
          });
        }, SIGNUP_METADATA_DELAY_MS),
        window.setTimeout(onSignedUp, SIGNUP_REDIRECT_DELAY_MS),
      );
    },
  });

  const signUp = (values: SignUpFormValues) => {
    if (!input.submit(values)) mutation.mutate(values);
  };

  const reset = () => {
    input.clear();
    mutation.reset();
  };

  return {
    signUp,
    revise: input.revise,
    busy: mutation.isPending,
    done: success !== null,
    success,
    error:
      input.problem ??
      (mutation.isError ? failureMessage(mutation.error, UI_MESSAGES.signUpFailed) : null),
    reset,
  };
}
