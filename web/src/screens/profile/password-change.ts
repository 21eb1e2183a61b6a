/** The change-password form's rules: the new password follows sign-up's (spec section 5). */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { PASSWORD_MIN_LENGTH } from '@scout/protocol/limits';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const emptyPasswordChange: PasswordChangeValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** Passwords are never trimmed: a space is a character like any other. */
export function validatePasswordChange(v: PasswordChangeValues): string | null {
  if (v.currentPassword === '') return UI_MESSAGES.allFieldsRequired;
  if (v.newPassword !== v.confirmPassword) return UI_MESSAGES.passwordsDoNotMatch;
  if (v.newPassword.length < PASSWORD_MIN_LENGTH) return UI_MESSAGES.passwordTooShort;
  return null;
}
