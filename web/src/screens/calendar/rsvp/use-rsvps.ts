/**
 * An event's answers through the SDK and TanStack Query, per signed-in user and occurrence. An
 * answer's reply is the new summary, put straight into the cache; answers by others arrive
 * through use-rsvp-live.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RsvpAnswerInput, RsvpSummary } from '@scout/sdk/rsvps';
import { householdAnswersKey, rsvpsKey, type RsvpTarget } from '../../../lib/household-answers.ts';
import { scout } from '../../../lib/sdk.ts';

export { rsvpsKey, type RsvpTarget };

export function useRsvps(userId: string, target: RsvpTarget) {
  return useQuery({
    queryKey: rsvpsKey(userId, target),
    queryFn: () => scout.rsvps.get(target.eventId, target.occurrence || undefined),
  });
}

export function useAnswer(userId: string, target: RsvpTarget) {
  const queryClient = useQueryClient();
  const key = rsvpsKey(userId, target);
  return useMutation({
    mutationFn: (input: Omit<RsvpAnswerInput, 'occurrence'>) =>
      scout.rsvps.answer(target.eventId, {
        ...input,
        ...(target.occurrence ? { occurrence: target.occurrence } : {}),
      }),
    onSuccess: (summary: RsvpSummary) => queryClient.setQueryData(key, summary),
    // The row's and the card's answers of the family (lib/household-answers.ts) follow.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: householdAnswersKey(userId) }),
    // What the server holds may differ from the screen now (a deadline passed, the last place went).
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
