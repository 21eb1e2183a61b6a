/** The signed-in member's ways to sign in, and unlinking a provider, via the SDK. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInMethods } from '@scout/sdk/auth/sign-in-methods';
import { scout } from '../../lib/sdk.ts';

/** Cached per member: the next member on this device never sees the last one's accounts. */
const methodsKey = (userId: string) => ['sign-in-methods', userId] as const;

export function useSignInMethods(userId: string) {
  return useQuery({
    queryKey: methodsKey(userId),
    queryFn: () => scout.auth.getSignInMethods(),
  });
}

export function useUnlinkIdentity(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityId: string) => scout.auth.unlinkIdentity(identityId),
    onSuccess: (_done, identityId) =>
      queryClient.setQueryData<SignInMethods>(methodsKey(userId), (methods) =>
        methods
          ? { ...methods, identities: methods.identities.filter((i) => i.id !== identityId) }
          : methods,
      ),
  });
}

/** Whether unlinking this one would leave the account without a way to sign in. */
export const isLastWayIn = (methods: SignInMethods) =>
  !methods.hasPassword && methods.identities.length <= 1;
