import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScoutInput } from '@scout/protocol/households';
import type { Household, NewScout } from '@scout/sdk/households';
import { failureMessage } from '../../../lib/failure-message.ts';
import { scout } from '../../../lib/sdk.ts';
import { toast } from '../../../ui/toast.tsx';

export const HOUSEHOLD_KEY = ['household'] as const;

/**
 * The member's household and the changes its adults make. Every change answers with what the
 * server holds, and the household is read again after it, so the lists never show a guess.
 */
export function useHousehold(selfId: string) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: HOUSEHOLD_KEY });
  const household = useQuery({ queryKey: HOUSEHOLD_KEY, queryFn: () => scout.households.mine() });
  const [invited, setInvited] = useState<{ url: string; email: string | null } | null>(null);

  const add = useMutation({
    mutationFn: (input: NewScout) => scout.households.addScout(input),
    onSuccess: (added) => {
      refresh();
      toast.success(`${added.firstName} ${added.lastName} added to your family`);
    },
  });
  const change = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ScoutInput }) =>
      scout.households.updateScout(id, changes),
    onSuccess: refresh,
    onError: (err) => {
      refresh();
      toast.error(failureMessage(err, 'Could not change the scout.'));
    },
  });
  const removeScout = useMutation({
    mutationFn: (id: string) => scout.households.removeScout(id),
    onSuccess: (gone) => {
      refresh();
      toast.success(`${gone.firstName} ${gone.lastName} removed from your family`);
    },
    onError: (err) => toast.error(failureMessage(err, 'Could not remove the scout.')),
  });
  const invite = useMutation({
    mutationFn: ({ email, scoutId }: { email: string | null; scoutId: string | null }) =>
      scout.households.invitations.create({
        kind: scoutId ? 'scout' : 'adult',
        ...(email ? { email } : {}),
        ...(scoutId ? { scoutId } : {}),
      }),
    onSuccess: (made) => {
      setInvited({ url: made.url, email: made.invitation.email });
      refresh();
    },
  });
  const withdraw = useMutation({
    mutationFn: (id: string) => scout.households.invitations.revoke(id),
    onSuccess: () => {
      refresh();
      toast.success('Invitation withdrawn: its link no longer works');
    },
    onError: (err) => toast.error(failureMessage(err, 'Could not withdraw the invitation.')),
  });
  const removeAdult = useMutation({
    mutationFn: (userId: string) => scout.households.removeAdult(userId),
    onSuccess: (gone) => {
      refresh();
      toast.success(
        gone.userId === selfId
          ? 'You left the household'
          : `${gone.name} is no longer in your family`,
      );
    },
    onError: (err) => toast.error(failureMessage(err, 'Could not remove the adult.')),
  });

  return {
    household: household.data as Household | undefined,
    isLoading: household.isPending,
    loadError: household.isError
      ? failureMessage(household.error, 'Could not load your family.')
      : null,
    addScout: (input: NewScout, done: () => void) => add.mutate(input, { onSuccess: done }),
    adding: add.isPending,
    addError: add.isError ? failureMessage(add.error, 'Could not add the scout.') : null,
    resetAdd: add.reset,
    /** Changes a scout already added (its photo and posting choices); the list shows the answer. */
    changeScout: (id: string, changes: ScoutInput) => change.mutate({ id, changes }),
    changingScout: change.isPending,
    /** `done` learns whether the scout was removed. */
    removeScout: (id: string, done: (removed: boolean) => void) =>
      removeScout.mutate(id, { onSettled: (_gone, err) => done(!err) }),
    removingScout: removeScout.isPending,
    /** Another adult, or with `scoutId` the scout's own account. */
    invite: (email: string | null, scoutId: string | null = null) =>
      invite.mutate({ email, scoutId }),
    inviting: invite.isPending,
    inviteError: invite.isError
      ? failureMessage(invite.error, 'Could not make the invitation.')
      : null,
    invited,
    resetInvite: () => {
      invite.reset();
      setInvited(null);
    },
    withdraw: (id: string) => withdraw.mutate(id),
    /** `done` learns whether the adult was removed. */
    removeAdult: (userId: string, done: (removed: boolean) => void) =>
      removeAdult.mutate(userId, { onSettled: (_gone, err) => done(!err) }),
    removingAdult: removeAdult.isPending,
  };
}
