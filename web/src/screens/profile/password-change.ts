/** The change-password form's rules: the new password follows sign-up's (docs/product.md section 5). */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { newPasswordProblem } from '@scout/protocol/auth';

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
  return newPasswordProblem(v.newPassword);
}
