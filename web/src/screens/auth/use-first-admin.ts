import { useMutation, useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../lib/failure-message.ts';
import { useInputProblem } from '../../lib/use-input-problem.ts';
import { scout } from '../../lib/sdk.ts';
import { validateFirstAdmin, type FirstAdminValues } from './first-admin.ts';

/** Checks the setup link, then spends it on the first admin account, signed in. */
export function useFirstAdmin(token: string, onDone: () => void) {
  const input = useInputProblem(validateFirstAdmin);
  const link = useQuery({
    queryKey: ['setup-link', token],
    queryFn: () => scout.auth.checkSetupLink(token),
    retry: false,
    staleTime: Infinity,
  });
  const mutation = useMutation({
    mutationFn: (values: FirstAdminValues) =>
      scout.auth.createFirstAdmin({
        token,
        email: values.email.trim(),
        password: values.password,
        displayName: values.name.trim(),
      }),
    onSuccess: () => onDone(),
  });

  return {
    checking: link.isPending,
    /** Spent, expired, or the troop has its admin already. */
    unusable: link.data === false || link.isError,
    submit: (values: FirstAdminValues) => {
      if (!input.submit(values)) mutation.mutate(values);
    },
    revise: input.revise,
    busy: mutation.isPending,
    error:
      input.problem ??
      (mutation.isError
        ? failureMessage(mutation.error, 'Could not create the admin account.')
        : null),
  };
}
