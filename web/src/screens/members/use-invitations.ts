import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, NewInvitation } from '@scout/sdk/members';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';
import { toast } from '../../ui/toast.tsx';

const KEY = ['invitations'] as const;

/** The troop's invitations; a new one's link, which is shown once, kept until the next. */
export function useInvitations() {
  const queryClient = useQueryClient();
  const [made, setMade] = useState<{ invitation: Invitation; url: string } | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: () => scout.members.invitations.list() });
  const create = useMutation({
    mutationFn: (input: NewInvitation) => scout.members.invitations.create(input),
    onSuccess: (answer, input) => {
      setMade(answer);
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast.success(input.send ? `Invitation sent to ${input.email}` : 'Invitation link made');
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => scout.members.invitations.revoke(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      toast.success('Invitation revoked: its link no longer works');
    },
    onError: (err) => toast.error(failureMessage(err, 'Could not revoke the invitation.')),
  });
  return {
    invitations: list.data ?? [],
    made,
    create: (input: NewInvitation) => create.mutate(input),
    creating: create.isPending,
    createError: create.isError
      ? failureMessage(create.error, 'Could not make the invitation.')
      : null,
    revoke: (id: string) => revoke.mutate(id),
  };
}

/** How an invitation stands now, in words (never by colour alone). */
export function invitationState(i: Invitation, now = Date.now()): string {
  if (i.revokedAt) return 'Revoked';
  if (Date.parse(i.expiresAt) <= now) return 'Expired';
  if (i.uses >= i.maxUses) return 'Used';
  return 'Open';
}
