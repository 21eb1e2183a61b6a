import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { scout } from '../../lib/sdk.ts';
import { checkAvatarFile } from './avatar-file.ts';
import { uploadAvatar } from './profile-actions.ts';
import { avatarFailureMessage } from './profile-failure.ts';
import { signedInUserId } from './signed-in-user-id.ts';
import { useFlashMessage } from './use-flash-message.ts';

/** The new picture reaches the dashboard through the auth state, which updateMe refreshes. */
export function useAvatarUpload() {
  const [invalid, setInvalid] = useState<string | null>(null);
  const success = useFlashMessage();
  const mutation = useMutation({
    mutationFn: ({ userId, file }: { userId: string; file: File }) =>
      uploadAvatar(scout, userId, file, Date.now()),
    onSuccess: () => success.show(UI_MESSAGES.avatarUpdated),
  });

  const upload = (file: File) => {
    success.clear();
    mutation.reset();
    const problem = checkAvatarFile(file);
    const userId = signedInUserId();
    const refusal = problem ?? (userId ? null : UI_MESSAGES.sessionExpired);
    setInvalid(refusal);
    if (!refusal && userId) mutation.mutate({ userId, file });
  };

  return {
    upload,
    busy: mutation.isPending,
    success: success.message,
    error: invalid ?? (mutation.isError ? avatarFailureMessage(mutation.error) : null),
  };
}
