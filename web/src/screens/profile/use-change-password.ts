import { UI_MESSAGES } from '@scout/protocol/errors';
import { scout } from '../../lib/sdk.ts';
import { validatePasswordChange, type PasswordChangeValues } from './password-change.ts';
import { passwordChangeFailureMessage } from './profile-failure.ts';
import { useProfileAction } from './use-profile-action.ts';

export function useChangePassword(onChanged: () => void) {
  const { run, ...state } = useProfileAction<PasswordChangeValues>({
    check: validatePasswordChange,
    send: (_userId, values) =>
      scout.auth.changePassword(values.currentPassword, values.newPassword),
    succeeded: UI_MESSAGES.passwordChanged,
    failureMessage: passwordChangeFailureMessage,
    onDone: onChanged,
  });
  return { change: run, ...state };
}
