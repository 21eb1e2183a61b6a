import { UI_MESSAGES } from '@scout/protocol/errors';
import { looksLikeEmail } from '@scout/protocol/auth';
import { validateNewPassword } from './new-password.ts';

export interface FirstAdminValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export const emptyFirstAdmin: FirstAdminValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/** The sign-up rules, in the sign-up order (docs/product.md section 5), plus a name. */
export function validateFirstAdmin(values: FirstAdminValues): string | null {
  if (!looksLikeEmail(values.email)) return UI_MESSAGES.invalidEmail;
  return validateNewPassword(values) ?? (values.name.trim() ? null : 'Please enter your name');
}
