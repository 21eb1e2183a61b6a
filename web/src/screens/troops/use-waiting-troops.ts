/**
 * The council's troops registered at sign-up that wait for its admins or the platform admin
 * (waiting-troops.tsx), and the decision on each. The server answers 403 to a council member who
 * is neither: the section is then not shown at all.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isScoutError } from '@scout/sdk/errors';
import { failureMessage } from '../../lib/failure-message.ts';
import { projectId, scout } from '../../lib/sdk.ts';
import { toast } from '../../ui/toast.tsx';
import { decisionMessage } from './waiting-words.ts';

const KEY = ['council-waiting', projectId] as const;

export function useWaitingTroops(enabled: boolean) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => scout.troops.waiting(),
    enabled,
    retry: false,
  });
  const decide = useMutation({
    mutationFn: ({ troop, confirm }: { troop: string; confirm: boolean }) =>
      confirm ? scout.troops.confirm(troop) : scout.troops.refuse(troop),
    onSuccess: (decision) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ['council-overview', projectId] });
      toast.success(decisionMessage(decision));
    },
    onError: (err) => toast.error(failureMessage(err, 'Could not record the decision.')),
  });
  const notAdmin = isScoutError(list.error) && list.error.code === 'FORBIDDEN';
  return {
    /** Null while unknown, and for a council member who may not decide. */
    troops: notAdmin ? null : (list.data ?? null),
    error:
      list.error && !notAdmin
        ? failureMessage(list.error, 'Could not load the waiting troops.')
        : null,
    deciding: decide.isPending ? decide.variables : undefined,
    decide: (troop: string, confirm: boolean) => decide.mutate({ troop, confirm }),
  };
}
