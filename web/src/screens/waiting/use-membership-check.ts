import { useQuery } from '@tanstack/react-query';
import { scout } from '../../lib/sdk.ts';

/** How often a waiting member's screen asks whether a leader has let them in. */
export const MEMBERSHIP_CHECK_MS = 5000;

/**
 * Asks the server, every few seconds while the screen is open, who the member is now: when a
 * leader approves them, the session's user turns active and the app moves on by itself.
 */
export function useMembershipCheck() {
  const check = useQuery({
    queryKey: ['membership-check'],
    queryFn: () => scout.auth.reloadUser(),
    refetchInterval: MEMBERSHIP_CHECK_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  return { checking: check.isFetching, checkNow: () => void check.refetch() };
}
