import { UI_MESSAGES } from '@scout/protocol/errors';
import { newPasswordProblem } from '@scout/protocol/auth';

export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export const emptyNewPassword: NewPasswordValues = { password: '', confirmPassword: '' };

/** The sign-up rules for a password, in the sign-up order (docs/product.md section 5): match, then length. */
export function validateNewPassword({
  password,
  confirmPassword,
}: NewPasswordValues): string | null {
  if (password !== confirmPassword) return UI_MESSAGES.passwordsDoNotMatch;
  return newPasswordProblem(password);
}
