import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../lib/failure-message.ts';
import { forgetFamilyToken, storedFamilyToken } from '../../lib/family-link.ts';
import { scout } from '../../lib/sdk.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';

/**
 * A waiting account opened by a household link: the page offers to join that household. A
 * scout whose parent made the link is let in by joining (docs/operations.md, Who may join);
 * anyone else hears why they still wait.
 */
export function FamilyOffer({ onJoined }: { onJoined: () => void }) {
  const [token] = useState(storedFamilyToken);
  const check = useQuery({
    queryKey: ['family-invitation', token],
    queryFn: () => scout.households.invitations.check(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  const accept = useMutation({
    mutationFn: () => scout.households.invitations.accept(token ?? ''),
    onSuccess: () => {
      forgetFamilyToken();
      onJoined();
    },
  });
  const info = check.data;
  if (!info?.usable) return null;
  return (
    <section
      aria-label="Family invitation"
      className="mt-4 space-y-3 rounded-xl border border-scout-200 p-4"
    >
      <p className="text-stone-800">
        {info.kind === 'scout'
          ? `You are invited to join ${info.householdName} as ${info.scoutName ?? 'a scout'}.`
          : `You are invited to join ${info.householdName}.`}
      </p>
      {accept.isError ? (
        <FormMessage tone="error">
          {failureMessage(accept.error, 'Could not accept the invitation.')}
        </FormMessage>
      ) : null}
      <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate()}>
        {accept.isPending ? 'Joining…' : 'Join the household'}
      </Button>
    </section>
  );
}
