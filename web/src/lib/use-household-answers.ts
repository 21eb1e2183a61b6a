/**
 * A month of the family's answers (household-answers.ts) through TanStack Query, and one tap
 * setting one person's answer. The tap shows at once; the answer is sent through the SDK, and
 * the server's summary of the event replaces the event's cached one. Offline, TanStack Query
 * holds the answer (a paused mutation) and sends it when the browser is back online, so the
 * screen can say so instead of greying out while the SDK retries.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RsvpAnswer } from '@scout/protocol/rsvps';
import type { HouseholdAnswers, RsvpSummary } from '@scout/sdk/rsvps';
import { scout } from './sdk.ts';
import {
  householdAnswersKey,
  monthWindow,
  rsvpsKey,
  withAnswer,
  type RsvpTarget,
} from './household-answers.ts';

/** One month's read, shared by the rows, the card and the list's "Needs an answer" filter. */
export const householdAnswersQuery = (userId: string, month: string) => ({
  queryKey: householdAnswersKey(userId, month),
  queryFn: () => scout.rsvps.mine(monthWindow(month)),
  staleTime: 30_000,
});

export function useHouseholdAnswers(userId: string, month: string) {
  return useQuery(householdAnswersQuery(userId, month));
}

export interface QuickAnswer {
  attendee: string;
  answer: RsvpAnswer;
}

export function useQuickAnswer(userId: string, target: RsvpTarget, month: string) {
  const queryClient = useQueryClient();
  const monthKey = householdAnswersKey(userId, month);
  return useMutation({
    mutationKey: ['quick-answer', userId, target.eventId, target.occurrence],
    mutationFn: ({ attendee, answer }: QuickAnswer) =>
      scout.rsvps.answer(target.eventId, {
        attendee,
        answer,
        ...(target.occurrence ? { occurrence: target.occurrence } : {}),
      }),
    onMutate: async ({ attendee, answer }) => {
      await queryClient.cancelQueries({ queryKey: monthKey });
      queryClient.setQueryData<HouseholdAnswers>(monthKey, (data) =>
        data ? withAnswer(data, target, attendee, answer) : data,
      );
    },
    onSuccess: (summary: RsvpSummary) =>
      queryClient.setQueryData(rsvpsKey(userId, target), summary),
    // What is stored may differ from the tap (a waitlist, a deadline passed): read it again.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: monthKey }),
  });
}
