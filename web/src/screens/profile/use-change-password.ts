import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { scout } from '../../lib/sdk.ts';
import { validatePasswordChange, type PasswordChangeValues } from './password-change.ts';
import { passwordChangeFailureMessage } from './profile-failure.ts';
import { signedInUserId } from './signed-in-user-id.ts';
import { useFlashMessage } from './use-flash-message.ts';

export function useChangePassword(onChanged: () => void) {
  const [invalid, setInvalid] = useState<string | null>(null);
  const success = useFlashMessage();
  const mutation = useMutation({
    mutationFn: (values: PasswordChangeValues) =>
      scout.auth.changePassword(values.currentPassword, values.newPassword),
    onSuccess: () => {
      success.show(UI_MESSAGES.passwordChanged);
      onChanged();
    },
  });

  const change = (values: PasswordChangeValues) => {
    success.clear();
    mutation.reset();
    const problem = validatePasswordChange(values);
    const refusal = problem ?? (signedInUserId() ? null : UI_MESSAGES.sessionExpired);
    setInvalid(refusal);
    if (!refusal) mutation.mutate(values);
  };

  return {
    change,
    busy: mutation.isPending,
    success: success.message,
    error: invalid ?? (mutation.isError ? passwordChangeFailureMessage(mutation.error) : null),
  };
}
