import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { API_ERROR_MESSAGES } from '@scout/protocol/errors';
import { failureMessage } from '../../../lib/failure-message.ts';
import { scout } from '../../../lib/sdk.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { FormMessage } from '../../../ui/form-message.tsx';
import { BusyNote, Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { HOUSEHOLD_KEY } from './use-household.ts';

/**
 * Asks a signed-in member opened by a household invitation link whether to join: as another
 * adult of the family, or as the scout whose profile the link names. Nothing changes until
 * they say yes; the server decides whether this account may.
 */
export function FamilyInvitationDialog({
  token,
  user,
  onDone,
}: {
  token: string;
  user: WireUser;
  /** `joined`: the member is now in the household (the caller shows it). */
  onDone: (joined: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: ['family-invitation', token],
    queryFn: () => scout.households.invitations.check(token),
    retry: false,
    staleTime: Infinity,
  });
  const accept = useMutation({
    mutationFn: () => scout.households.invitations.accept(token),
    onSuccess: (household) => {
      queryClient.setQueryData(HOUSEHOLD_KEY, household);
      toast.success(`You joined ${household.name}`);
      onDone(true);
    },
  });
  const info = check.data;
  // Signed up with this very link: the account is in the household already, nothing to ask.
  const joined = info?.joined === true;
  useEffect(() => {
    if (joined) onDone(true);
  }, [joined, onDone]);
  const otherAddress =
    info?.email && info.email.toLowerCase() !== user.email.toLowerCase() ? info.email : null;

  if (joined) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onDone(false))}
      title="Family invitation"
    >
      {check.isPending ? (
        <BusyNote className="text-stone-700">Checking the invitation…</BusyNote>
      ) : null}
      {check.isError ? (
        <FormMessage tone="error">
          {failureMessage(check.error, 'Could not check the invitation.')}
        </FormMessage>
      ) : null}
      {info && !info.usable ? (
        <FormMessage tone="error">{API_ERROR_MESSAGES.HOUSEHOLD_INVITATION_INVALID}</FormMessage>
      ) : null}
      {info?.usable ? (
        <div className="space-y-4">
          <p className="text-base text-stone-800">
            {info.kind === 'scout'
              ? `Link your account to the scout profile of ${info.scoutName ?? 'a scout'} in ${info.householdName}, so you can answer for yourself.`
              : `You are invited to join ${info.householdName}. You will see its scouts and answer for them.`}
          </p>
          {otherAddress ? (
            <FormMessage tone="error">
              {`This invitation was sent to ${otherAddress}. Sign in with that address to accept it.`}
            </FormMessage>
          ) : null}
          {accept.isError ? (
            <FormMessage tone="error">
              {failureMessage(accept.error, 'Could not accept the invitation.')}
            </FormMessage>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onDone(false)}>
              Not now
            </Button>
            <Button
              disabled={accept.isPending || otherAddress !== null}
              onClick={() => accept.mutate()}
            >
              {accept.isPending ? (
                <>
                  <Spinner className="size-4" /> Joining…
                </>
              ) : info.kind === 'scout' ? (
                'Link my account'
              ) : (
                'Join the household'
              )}
            </Button>
          </div>
        </div>
      ) : null}
      {info && !info.usable ? (
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => onDone(false)}>
            Close
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
