import { UI_MESSAGES } from '@scout/protocol/errors';
import { scout } from '../../lib/sdk.ts';
import { saveProfile } from './profile-actions.ts';
import { validateProfile, type ProfileFields } from './profile-fields.ts';
import { profileFailureMessage } from './profile-failure.ts';
import { useProfileAction } from './use-profile-action.ts';

export function useProfileSave() {
  const { run, ...state } = useProfileAction<ProfileFields>({
    check: validateProfile,
    send: (userId, values) => saveProfile(scout, userId, values),
    succeeded: UI_MESSAGES.profileUpdated,
    failureMessage: profileFailureMessage,
  });
  return { save: run, ...state };
}
