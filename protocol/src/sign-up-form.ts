/**
 * Sign-up form rules, checked in the order of docs/product.md section 5. Shared by the screen and
 * its unit tests; the server checks email and password length again on its own.
 */
import { looksLikeEmail, newPasswordProblem } from './auth.ts';
import { UI_MESSAGES } from './errors.ts';

export interface SignUpFormValues {
  firstName: string;
  lastName: string;
  troopNumber: string;
  troopRole: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Returns the first failing rule's message, or null when the form may be sent. */
export function validateSignUpForm(v: SignUpFormValues): string | null {
  if (!looksLikeEmail(v.email)) return UI_MESSAGES.invalidEmail;
  if (v.password !== v.confirmPassword) return UI_MESSAGES.passwordsDoNotMatch;
  const weak = newPasswordProblem(v.password);
  if (weak) return weak;
  if (!v.troopRole) return UI_MESSAGES.selectTroopRole;
  return null;
}
