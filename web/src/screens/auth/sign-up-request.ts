import type { UserMetadata } from '@scout/protocol/auth';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { validateSignUpForm, type SignUpFormValues } from '@scout/protocol/sign-up-form';

export const emptySignUpForm: SignUpFormValues = {
  firstName: '',
  lastName: '',
  troopNumber: '',
  troopRole: '',
  email: '',
  password: '',
  confirmPassword: '',
};

/**
 * The four sign-up rules of docs/product.md section 5 first, in their order; every field is
 * required, so blank names or troop number come after them.
 */
export function validateSignUp(values: SignUpFormValues): string | null {
  const problem = validateSignUpForm(values);
  if (problem) return problem;
  const blank = [values.firstName, values.lastName, values.troopNumber].some((v) => !v.trim());
  return blank ? UI_MESSAGES.allFieldsRequired : null;
}

export function signUpMetadata(values: SignUpFormValues): UserMetadata {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    troopNumber: values.troopNumber.trim(),
    troopRole: values.troopRole,
  };
}

/** The names and troop details travel with the sign-up itself, so no account is left without them. */
export function buildSignUpRequest(
  values: SignUpFormValues,
  invitation?: string | null,
  family?: string | null,
) {
  const metadata = signUpMetadata(values);
  return {
    email: values.email.trim(),
    password: values.password,
    displayName: `${metadata.firstName} ${metadata.lastName}`,
    metadata,
    // The invitation link the page was opened with, for a troop that joins by invitation.
    ...(invitation ? { invitation } : {}),
    // A household link: the account joins that household (and the troop) at once.
    ...(family ? { family } : {}),
  };
}
