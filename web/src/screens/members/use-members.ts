import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member, MembershipAction } from '@scout/sdk/members';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';
import { toast } from '../../ui/toast.tsx';
import { memberName } from './member-name.ts';

const KEY = ['members'] as const;

const DONE: Record<MembershipAction, string> = {
  approve: 'approved, and now a member of the troop',
  refuse: 'refused; the account is deleted',
  suspend: 'suspended',
  reinstate: 'reinstated',
  remove: 'removed from the troop',
};

/** The member list, and app-role changes that show the server's answer (never a guess). */
export function useMembers() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => scout.members.list() });
  const change = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: string }) =>
      scout.members.setRole(member.id, role),
    onSuccess: (updated) => {
      queryClient.setQueryData<Member[]>(KEY, (old) =>
        old?.map((m) => (m.id === updated.id ? updated : m)),
      );
      toast.success(`${memberName(updated)} is now ${updated.role}`);
    },
    onError: (err, { member }) => {
      toast.error(failureMessage(err, `Could not change the role of ${memberName(member)}.`));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const membership = useMutation({
    mutationFn: ({ member, action }: { member: Member; action: MembershipAction }) =>
      scout.members.change(member.id, action),
    onSuccess: (updated, { action }) => {
      queryClient.setQueryData<Member[]>(KEY, (old) =>
        action === 'refuse' || action === 'remove'
          ? old?.filter((m) => m.id !== updated.id)
          : old?.map((m) => (m.id === updated.id ? updated : m)),
      );
      toast.success(`${memberName(updated)}: ${DONE[action]}`);
    },
    onError: (err, { member }) => {
      toast.error(failureMessage(err, `Could not change the membership of ${memberName(member)}.`));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  return {
    members: list.data,
    act: (member: Member, action: MembershipAction) => membership.mutate({ member, action }),
    actingId: membership.isPending ? membership.variables.member.id : null,
    isLoading: list.isPending,
    isError: list.isError,
    setRole: (member: Member, role: string) => change.mutate({ member, role }),
    /** The member whose role is being changed, if any. */
    changingId: change.isPending ? change.variables.member.id : null,
  };
}
