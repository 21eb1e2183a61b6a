import { useQuery } from '@tanstack/react-query';
import type { WireHouseholdInvitationLanding } from '@scout/protocol/households';
import { metaContentFrom, readClientConfig } from '../../lib/client-config.ts';
import { storedFamilyToken } from '../../lib/family-link.ts';
import { scout } from '../../lib/sdk.ts';

/** The household link this tab was opened with, if any (lib/family-link.ts keeps it). */
export const familyTokenInTab = storedFamilyToken;

/** Who invited the person holding a household link, and to which household; nothing without one. */
export function useFamilyLanding(token: string | null) {
  const { projectId } = readClientConfig(metaContentFrom(document));
  const landing = useQuery({
    queryKey: ['family-landing', token],
    queryFn: async () =>
      (
        await scout.http.post<WireHouseholdInvitationLanding>(
          `/api/households/${encodeURIComponent(projectId)}/invitations/landing`,
          { token },
        )
      ).data,
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
  return token === null ? undefined : landing.data;
}

/** The heading of the page a household link opens: who invites whom, to what. */
export function familyHeading(landing: WireHouseholdInvitationLanding) {
  const who = landing.inviterName ?? 'A member of your troop';
  const what = landing.kind === 'scout' ? 'as a scout' : 'as an adult of the family';
  return {
    title: `${who} invited you to join ${landing.householdName ?? 'their household'}`,
    intro: `Create your account below to join ${what}.`,
  };
}
