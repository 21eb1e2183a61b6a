import { UI_MESSAGES } from '@scout/protocol/errors';
import { scout } from '../../lib/sdk.ts';
import { checkAvatarFile } from './avatar-file.ts';
import { uploadAvatar } from './profile-actions.ts';
import { avatarFailureMessage } from './profile-failure.ts';
import { useProfileAction } from './use-profile-action.ts';

/** The new picture reaches the dashboard through the auth state, which updateMe refreshes. */
export function useAvatarUpload() {
  const { run, ...state } = useProfileAction<File>({
    check: checkAvatarFile,
    send: (userId, file) => uploadAvatar(scout, userId, file, Date.now()),
    succeeded: UI_MESSAGES.avatarUpdated,
    failureMessage: avatarFailureMessage,
  });
  return { upload: run, ...state };
}
