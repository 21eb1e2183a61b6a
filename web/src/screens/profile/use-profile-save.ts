import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { scout } from '../../lib/sdk.ts';
import { saveProfile } from './profile-actions.ts';
import { validateProfile, type ProfileFields } from './profile-fields.ts';
import { profileFailureMessage } from './profile-failure.ts';
import { signedInUserId } from './signed-in-user-id.ts';
import { useFlashMessage } from './use-flash-message.ts';

export function useProfileSave() {
  const [invalid, setInvalid] = useState<string | null>(null);
  const success = useFlashMessage();
  const mutation = useMutation({
    mutationFn: ({ userId, values }: { userId: string; values: ProfileFields }) =>
      saveProfile(scout, userId, values),
    onSuccess: () => success.show(UI_MESSAGES.profileUpdated),
  });

  const save = (values: ProfileFields) => {
    success.clear();
    mutation.reset();
    // Spec section 5: the fields are checked first, then the session.
    const problem = validateProfile(values);
    const userId = signedInUserId();
    const refusal = problem ?? (userId ? null : UI_MESSAGES.sessionExpired);
    setInvalid(refusal);
    if (!refusal && userId) mutation.mutate({ userId, values });
  };

  return {
    save,
    busy: mutation.isPending,
    success: success.message,
    error: invalid ?? (mutation.isError ? profileFailureMessage(mutation.error) : null),
  };
}
