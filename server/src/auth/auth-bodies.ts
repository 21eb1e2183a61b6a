/**
 * The bodies of the auth API (docs/protocol.md, Sessions and tokens), as route schemas. Each
 * field is named once, in camelCase; `acceptSnakeCaseTwins` (http/snake-case-twins.ts) moves
 * the snake_case names older clients send. Every body may carry `projectId`, checked by the
 * `project` guard (auth-guards.ts). The words of a refused email or password are the ones the
 * sign-up screen shows (docs/product.md sections 5 and 8), under the codes clients understand.
 */
import { z } from 'zod';
import {
  emailSchema as emailField,
  newPasswordSchema as newPasswordField,
} from '@scout/protocol/auth-schemas';
import { AUTH_ERROR_MESSAGES } from '@scout/protocol/errors';
import type { InvalidInputAnswer } from '../http/error-handler.ts';
import { avatarUrlField, displayNameField, metadataField } from './profile-fields.ts';

/** A password given to prove who one is; its length is judged by the sign-in itself. */
const presentedPassword = z
  .string({ error: 'a non-empty string is required' })
  .min(1, { error: 'a non-empty string is required' });

const projectId = z.string().max(200).optional();

/** A body whose every field may be left out: no body at all, or JSON `null`, reads as `{}`. */
const orEmpty = <S extends z.ZodObject>(schema: S) =>
  schema.nullish().transform((body) => body ?? ({} as z.output<S>));
const redirectUrl = z.string().max(2048).nullish();
/** One-time link tokens: absent or wrong, the link answers VERIFICATION_FAILED (links.ts). */
const linkToken = z
  .string({ error: AUTH_ERROR_MESSAGES.VERIFICATION_FAILED })
  .max(512, { error: AUTH_ERROR_MESSAGES.VERIFICATION_FAILED })
  .optional();

/** The auth codes of refused fields (http/error-handler.ts). */
export const AUTH_FIELD_CODES: InvalidInputAnswer = {
  code: 'VALIDATION_ERROR',
  fields: {
    email: 'INVALID_EMAIL',
    password: 'WEAK_PASSWORD',
    newPassword: 'WEAK_PASSWORD',
    token: 'VERIFICATION_FAILED',
    magicToken: 'VERIFICATION_FAILED',
  },
};

/** Unknown extra fields (firstName, troopRole, ... from older clients) become metadata. */
export const signUpBody = z.looseObject({
  email: emailField,
  password: newPasswordField,
  displayName: displayNameField,
  avatarUrl: avatarUrlField,
  metadata: metadataField,
  projectId,
  /** The token of an invitation link, when the troop joins by invitation. */
  invitation: z.string().max(512).optional(),
  /** The token of a household invitation link (`/?family=`): joins that household, any mode. */
  family: z.string().max(512).optional(),
});

export const signInBody = z.object({ email: emailField, password: presentedPassword, projectId });
/** Sign-in reports a missing password as bad input, never as a weak one. */
export const SIGN_IN_FIELD_CODES: InvalidInputAnswer = {
  code: 'VALIDATION_ERROR',
  fields: { email: 'INVALID_EMAIL' },
};

export const refreshBody = orEmpty(z.object({ refreshToken: z.string().max(1024).optional() }));

/** PATCH /me: anything else sent (role, email, a whole user object) is ignored. */
export const profilePatchBody = orEmpty(
  z.looseObject({
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
    metadata: metadataField,
  }),
);

/**
 * Sign-out never fails on a token the client botched: anything but a usable refresh token is
 * no token, and the bearer's sessions end instead (sign-out.ts).
 */
export const signOutBody = orEmpty(
  z.looseObject({
    refreshToken: z
      .unknown()
      .optional()
      .transform((token) =>
        typeof token === 'string' && token !== '' && token.length <= 1024 ? token : undefined,
      ),
  }),
);

export const linkRequestBody = z.object({ email: emailField, redirectUrl, projectId });

/** `newPassword` is what some clients call it. */
export const resetConfirmBody = z.object({
  token: linkToken,
  password: newPasswordField.optional(),
  newPassword: newPasswordField.optional(),
  projectId,
});

/** `currentPassword` and `password` are what some clients call them. */
export const passwordChangeBody = z.object({
  // Judged by the change itself: a wrong one, however malformed, is "not correct" (401).
  oldPassword: z.string().optional(),
  currentPassword: z.string().optional(),
  newPassword: newPasswordField.optional(),
  password: newPasswordField.optional(),
  projectId,
});

export const tokenBody = z.object({ token: linkToken, magicToken: linkToken, projectId });

/** The account is the one named by `email`, else the caller's own. */
export const verifyGenerateBody = orEmpty(z.object({ email: emailField.optional(), projectId }));

export const emptyBody = orEmpty(z.object({ projectId }));

/** Names of every field above, for `acceptSnakeCaseTwins`. */
export const AUTH_FIELD_NAMES = [
  'email',
  'password',
  'displayName',
  'avatarUrl',
  'metadata',
  'projectId',
  'refreshToken',
  'redirectUrl',
  'token',
  'magicToken',
  'newPassword',
  'oldPassword',
  'currentPassword',
] as const;
