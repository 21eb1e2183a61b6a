import { useQuery } from '@tanstack/react-query';
import { API_ERROR_MESSAGES } from '@scout/protocol/errors';
import { scout } from '../../lib/sdk.ts';

export const INVITED = 'You are invited to join the troop. Create your account below.';

/**
 * The invitation link the page was opened with: whether it still works, and the email it was
 * sent to (which the sign-up form then fills in and fixes). No link, no question asked.
 */
export function useInvitation(token: string | null) {
  const check = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => scout.members.invitations.check(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  if (token === null || check.isPending) return { email: null, notice: null };
  const usable = check.data?.usable === true;
  return {
    email: usable ? (check.data?.email ?? null) : null,
    notice: usable
      ? { tone: 'success' as const, text: INVITED }
      : { tone: 'error' as const, text: API_ERROR_MESSAGES.INVITATION_INVALID },
  };
}
