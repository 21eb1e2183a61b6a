/**
 * Wire shapes of the auth API. Free of runtime dependencies, so the SDK and the browser carry
 * none; the server's zod schemas for these fields are in auth-schemas.ts.
 */
import { UI_MESSAGES } from './errors.ts';
import { PASSWORD_MIN_LENGTH } from './limits.ts';

export interface WireUser {
  id: string;
  email: string;
  displayName: string | null;
  avatarUrl: string | null;
  role: string;
  /** A JSON string; clients parse it (some send an object). */
  metadata: string;
  emailVerified: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /**
   * `pending` until a leader approves (or a parent confirms a scout), `suspended` by a leader;
   * either way the account reaches nothing but its own profile (docs/operations.md, Who may
   * join). Absent from older servers: read as `active`.
   */
  status?: AccountStatus;
}

export const ACCOUNT_STATUSES = ['active', 'pending', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Who may create an account (SIGNUP_MODE): anyone, anyone pending approval, or invitees. */
export const SIGNUP_MODES = ['open', 'approval', 'invite'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_expires_in: number;
}

export interface SessionResponse extends TokenResponse {
  user: WireUser;
}

/** What a client keeps in storage: the token response plus when it was issued (unix seconds). */
export interface StoredTokens extends TokenResponse {
  issued_at: number;
}

/** A deliberately basic shape check: the server normalises and checks again. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The one email rule every form and the SDK apply before asking the server. */
export const looksLikeEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());

/**
 * The one length rule for a new password (at least PASSWORD_MIN_LENGTH characters, never
 * trimmed): the message to show, or null. The server applies the same rule and its upper bound.
 */
export function newPasswordProblem(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH ? UI_MESSAGES.passwordTooShort : null;
}

/** The profile metadata the app keeps in `metadata` (docs/product.md section 3). */
export interface UserMetadata {
  firstName?: string;
  lastName?: string;
  troopNumber?: string;
  troopRole?: string;
  [key: string]: unknown;
}
