/**
 * The error catalogue: every code the server may answer and the words a person reads for it
 * (docs/product.md section 8). Server, SDK and web import from here so a code and its message never drift.
 */

/** Auth codes existing clients understand. Clients treat any other auth code as NETWORK_ERROR. */
export const AUTH_ERROR_CODES = [
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'POPUP_CANCELED',
  'NETWORK_ERROR',
  'RATE_LIMITED',
  'AUTH_TIMEOUT',
  'REDIRECT_FAILED',
  'TOKEN_EXPIRED',
  'USER_NOT_FOUND',
  'EMAIL_ALREADY_EXISTS',
  'WEAK_PASSWORD',
  'INVALID_EMAIL',
  'MAGIC_LINK_EXPIRED',
  'VERIFICATION_FAILED',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in.',
  POPUP_CANCELED: 'Sign-in was canceled. Please try again.',
  NETWORK_ERROR: 'Network error. Please check your connection and try again.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  AUTH_TIMEOUT: 'Authentication timed out. Please try again.',
  REDIRECT_FAILED: 'Redirect failed. Please try again.',
  TOKEN_EXPIRED: 'Session expired. Please sign in again.',
  USER_NOT_FOUND: 'User not found. Please check your email and try again.',
  EMAIL_ALREADY_EXISTS: 'An account with this email already exists.',
  WEAK_PASSWORD: 'Password is too weak. Please choose a stronger password.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  MAGIC_LINK_EXPIRED: 'Magic link has expired. Please request a new one.',
  VERIFICATION_FAILED: 'Verification failed. Please try again.',
};

export const DEFAULT_AUTH_ERROR_MESSAGE = 'Authentication error. Please try again.';

/** Only these may succeed when simply tried again (docs/product.md section 8). */
export const RETRYABLE_AUTH_CODES: ReadonlySet<AuthErrorCode> = new Set([
  'NETWORK_ERROR',
  'RATE_LIMITED',
]);

export function isAuthErrorCode(code: unknown): code is AuthErrorCode {
  return typeof code === 'string' && (AUTH_ERROR_CODES as readonly string[]).includes(code);
}

export function authErrorMessage(code: string | undefined): string {
  return isAuthErrorCode(code) ? AUTH_ERROR_MESSAGES[code] : DEFAULT_AUTH_ERROR_MESSAGE;
}

/** Codes for everything that is not auth. Stable strings that clients may branch on. */
export const API_ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PROJECT_NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // Data API, in PostgREST's terms: no format the client accepts; a range past the rows; and
  // PostgREST's own code for "one object asked for, not exactly one row" (postgrest-js reads it).
  'NOT_ACCEPTABLE',
  'RANGE_NOT_SATISFIABLE',
  'PGRST116',
  // Joining the troop (docs/operations.md, Who may join).
  'INVITATION_REQUIRED',
  'INVITATION_INVALID',
  'ACCOUNT_PENDING',
  'ACCOUNT_SUSPENDED',
  // Households (docs/protocol.md, Households).
  'HOUSEHOLD_INVITATION_INVALID',
  'HOUSEHOLD_INVITATION_OTHER_ACCOUNT',
  'HOUSEHOLD_INVITATION_USED',
  'HOUSEHOLD_ALREADY_JOINED',
  'SCOUT_ALREADY_LINKED',
  'HOUSEHOLD_ADULTS_ONLY',
  'HOUSEHOLD_NEEDS_ADULT',
  'HOUSEHOLD_FULL',
  // AI gateway (docs/protocol.md, AI): no provider for this capability on this server; the
  // provider failed or answered something unusable; the provider took too long; the model's
  // answer did not fit the schema asked for.
  'AI_NOT_CONFIGURED',
  'AI_PROVIDER_ERROR',
  'AI_PROVIDER_TIMEOUT',
  'AI_OUTPUT_INVALID',
  // Web data (docs/protocol.md, Web data).
  'DATA_URL_REFUSED',
  'DATA_SECRET_REFUSED',
  'DATA_TARGET_UNREACHABLE',
  'DATA_TARGET_TIMEOUT',
  'DATA_TARGET_TOO_LARGE',
  'DATA_CAPTURE_TOO_LARGE',
  'DATA_PAGE_UNSTABLE',
  'DATA_CAPTURE_FAILED',
  'DATA_FILE_REQUIRED',
  'DATA_UNSUPPORTED_FILE',
  'SEARCH_NOT_CONFIGURED',
  'SEARCH_FAILED',
  'BROWSER_UNAVAILABLE',
  'BROWSER_FAILED',
  // RSVPs (docs/protocol.md, RSVPs): the event's answer deadline has passed.
  'RSVP_CLOSED',
  // A plain request to the WebSocket address (docs/protocol.md, Realtime).
  'UPGRADE_REQUIRED',
  // Leaders nudge the households that have not answered an event at most once a day.
  'RSVP_NUDGE_TOO_SOON',
  // Volunteer sign-up sheets (docs/protocol.md, Volunteer): the last place went to someone
  // else; the person already holds a place in the slot; a slot for adults named a scout.
  'VOLUNTEER_SLOT_FULL',
  'VOLUNTEER_ALREADY_SIGNED_UP',
  'VOLUNTEER_ADULTS_ONLY',
  // Leaders nudge members for an occurrence's empty slots at most once a day.
  'VOLUNTEER_NUDGE_TOO_SOON',
  // Newsletters (docs/protocol.md, Newsletter): a sent post cannot be scheduled or sent again.
  'NEWSLETTER_ALREADY_SENT',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];
export type ErrorCode = AuthErrorCode | ApiErrorCode;

/** Words shown when the server gives no message of its own. */
export const API_ERROR_MESSAGES: Record<ApiErrorCode, string> = {
  VALIDATION_ERROR: 'Invalid request parameters',
  UNAUTHORIZED: 'Authentication required',
  FORBIDDEN: 'You do not have permission to do this',
  NOT_FOUND: 'Not found',
  PROJECT_NOT_FOUND: 'Project not found',
  CONFLICT: 'Conflict',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  INTERNAL_ERROR: 'Internal server error',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  NOT_ACCEPTABLE: 'None of the media types asked for are available',
  RANGE_NOT_SATISFIABLE: 'Requested range not satisfiable',
  PGRST116: 'JSON object requested, multiple (or no) rows returned',
  INVITATION_REQUIRED:
    'This troop joins by invitation. Ask a leader of the troop for an invitation link.',
  INVITATION_INVALID:
    'This invitation has expired, was revoked or has been used up. Ask a leader of the troop for a new one.',
  ACCOUNT_PENDING: 'Your account is waiting for a leader of the troop to approve it.',
  ACCOUNT_SUSPENDED: 'Your membership is suspended. Please contact a leader of the troop.',
  HOUSEHOLD_INVITATION_INVALID:
    'This family invitation has expired, was already used or was withdrawn. Ask the family for a new one.',
  HOUSEHOLD_INVITATION_OTHER_ACCOUNT:
    'This family invitation was sent to another email address: sign in with that address to accept it.',
  HOUSEHOLD_INVITATION_USED: 'You already joined with this invitation: sign in.',
  HOUSEHOLD_ALREADY_JOINED:
    'You already belong to another household. Leave it first, then accept this invitation.',
  SCOUT_ALREADY_LINKED: 'This scout profile or this account is already linked to a scout account.',
  HOUSEHOLD_ADULTS_ONLY: 'Only the adults of a household can change it.',
  HOUSEHOLD_NEEDS_ADULT:
    'A household with scouts needs an adult: invite another adult or remove the scouts first.',
  HOUSEHOLD_FULL: 'This household has reached its limit. Remove something before adding more.',
  AI_NOT_CONFIGURED: 'AI is not set up on this server. Ask the troop admin to configure it.',
  AI_PROVIDER_ERROR: 'The AI service could not answer. Please try again later.',
  AI_PROVIDER_TIMEOUT: 'The AI service took too long to answer. Please try again.',
  AI_OUTPUT_INVALID: 'The AI answer did not match the requested format. Please try again.',
  DATA_URL_REFUSED: 'This address cannot be reached from the server',
  DATA_SECRET_REFUSED: 'A secret was named that may not be sent to this address',
  DATA_TARGET_UNREACHABLE: 'The site could not be reached',
  DATA_TARGET_TIMEOUT: 'The site took too long to answer',
  DATA_TARGET_TOO_LARGE: 'The site answered with more than the server reads',
  DATA_CAPTURE_TOO_LARGE: 'The page loads more than a page capture may read',
  DATA_PAGE_UNSTABLE: 'The page kept navigating away and never settled long enough to be read',
  DATA_CAPTURE_FAILED: 'The page could not be captured. Please try again.',
  DATA_FILE_REQUIRED: 'A file is required: send it as multipart/form-data in the field "file"',
  DATA_UNSUPPORTED_FILE: 'Text cannot be read from this kind of file',
  SEARCH_NOT_CONFIGURED: 'Web search is not set up on this server',
  SEARCH_FAILED: 'The search provider did not answer',
  BROWSER_UNAVAILABLE: 'Page capture is not available: no browser is installed on the server',
  BROWSER_FAILED: 'The browser stopped while capturing the page. Please try again.',
  RSVP_CLOSED: 'Answers for this event are closed. A leader can still change them.',
  UPGRADE_REQUIRED: 'Connect with a WebSocket upgrade',
  RSVP_NUDGE_TOO_SOON: 'A nudge for this event went out less than a day ago.',
  VOLUNTEER_SLOT_FULL: 'This slot is full: someone took the last place just before you.',
  VOLUNTEER_ALREADY_SIGNED_UP: 'You already have a place in this slot.',
  VOLUNTEER_ADULTS_ONLY: 'This slot is for adults. A leader can open it to scouts.',
  VOLUNTEER_NUDGE_TOO_SOON: 'A nudge for these slots went out less than a day ago.',
  NEWSLETTER_ALREADY_SENT: 'This post has already gone out. Edit it, or write a new one.',
};

/**
 * The HTTP status each code is answered with: the server's `ApiError` takes it from here, so a
 * code always carries the same status. Auth codes are 400 for bad input, 401 for who the caller
 * is, 409 for an account that exists, 429 and 503 as everywhere.
 *
 * Codes that once carried two statuses, and what became of them:
 * - `VERIFICATION_FAILED` was also 409 when a first-admin link was used after an admin existed;
 *   that answer is now 409 `CONFLICT` (docs/protocol.md names only the 409 for it), and
 *   VERIFICATION_FAILED is always 400.
 * - `VALIDATION_ERROR` was also 426 for a plain GET to the WebSocket address; that is now 426
 *   `UPGRADE_REQUIRED` (only a misrouted request gets it: every client connects with an upgrade).
 * - `USER_NOT_FOUND` keeps both of its statuses, see SESSION_USER_GONE_STATUS.
 */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 401,
  POPUP_CANCELED: 400,
  NETWORK_ERROR: 503,
  RATE_LIMITED: 429,
  AUTH_TIMEOUT: 400,
  REDIRECT_FAILED: 400,
  TOKEN_EXPIRED: 401,
  USER_NOT_FOUND: 404,
  EMAIL_ALREADY_EXISTS: 409,
  WEAK_PASSWORD: 400,
  INVALID_EMAIL: 400,
  MAGIC_LINK_EXPIRED: 400,
  VERIFICATION_FAILED: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PROJECT_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  NOT_ACCEPTABLE: 406,
  RANGE_NOT_SATISFIABLE: 416,
  PGRST116: 406,
  INVITATION_REQUIRED: 403,
  INVITATION_INVALID: 403,
  ACCOUNT_PENDING: 403,
  ACCOUNT_SUSPENDED: 403,
  HOUSEHOLD_INVITATION_INVALID: 403,
  HOUSEHOLD_INVITATION_OTHER_ACCOUNT: 403,
  HOUSEHOLD_INVITATION_USED: 409,
  HOUSEHOLD_ALREADY_JOINED: 409,
  SCOUT_ALREADY_LINKED: 409,
  HOUSEHOLD_ADULTS_ONLY: 403,
  HOUSEHOLD_NEEDS_ADULT: 409,
  HOUSEHOLD_FULL: 409,
  AI_NOT_CONFIGURED: 503,
  AI_PROVIDER_ERROR: 502,
  AI_PROVIDER_TIMEOUT: 504,
  AI_OUTPUT_INVALID: 502,
  DATA_URL_REFUSED: 400,
  DATA_SECRET_REFUSED: 400,
  DATA_TARGET_UNREACHABLE: 502,
  DATA_TARGET_TIMEOUT: 504,
  DATA_TARGET_TOO_LARGE: 502,
  DATA_CAPTURE_TOO_LARGE: 413,
  DATA_PAGE_UNSTABLE: 502,
  DATA_CAPTURE_FAILED: 502,
  DATA_FILE_REQUIRED: 400,
  DATA_UNSUPPORTED_FILE: 415,
  SEARCH_NOT_CONFIGURED: 503,
  SEARCH_FAILED: 502,
  BROWSER_UNAVAILABLE: 503,
  BROWSER_FAILED: 503,
  RSVP_CLOSED: 409,
  UPGRADE_REQUIRED: 426,
  RSVP_NUDGE_TOO_SOON: 429,
  VOLUNTEER_SLOT_FULL: 409,
  VOLUNTEER_ALREADY_SIGNED_UP: 409,
  VOLUNTEER_ADULTS_ONLY: 403,
  VOLUNTEER_NUDGE_TOO_SOON: 429,
  NEWSLETTER_ALREADY_SENT: 409,
};

/**
 * The one exception to ERROR_STATUS: a signed-in request whose account has been deleted is
 * 401 `USER_NOT_FOUND`, not 404. Clients end the session on a 401 (docs/product.md section 4),
 * and both answers are read as they are: 401 USER_NOT_FOUND from `/api/auth/me` once the account
 * is gone, 404 USER_NOT_FOUND from the admin link endpoints for an unknown email. Splitting the
 * code would change what one of them reads, so the code keeps both statuses, named here.
 */
export const SESSION_USER_GONE_STATUS = 401;

/** Messages the screens show (docs/product.md sections 5 and 8). */
export const UI_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  selectTroopRole: 'Please select a troop role',
  signInFailed: 'Failed to sign in. Please check your credentials.',
  signUpFailed: 'Failed to create account. Please try again.',
  signUpSuccess: (product: string) => `Account created successfully! Welcome to ${product}.`,
  allFieldsRequired: 'All fields are required',
  sessionExpired: 'Your session has expired. Please log in again.',
  profileAuthFailed:
    'Authentication failed. Your session may have expired. Please log out and log in again.',
  profileUpdateFailed: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully!',
  avatarUpdated: 'Profile picture updated.',
  passwordChanged: 'Password changed successfully!',
  passwordChangeFailed: 'Failed to change password',
  avatarNotImage: 'Please upload an image file',
  avatarTooLarge: 'Image size must be less than 5MB',
  avatarUploadFailed: 'Failed to upload avatar',
  avatarNoPublicUrl: 'Upload failed - no public URL returned',
  storageExists: 'File already exists. Set upsert: true to overwrite.',
  storageInvalid: 'Invalid request parameters',
  storageNotFound: 'File not found',
  storageTooLarge: 'File is too large: the limit is 50 MB',
  unsupportedFileType: 'Unsupported file type',
  recordNotFound: (id: string) => `Record with id ${id} not found`,
} as const;

/**
 * The JSON error body. Both shapes clients read are present: `error.message`/`code` for generic
 * clients, and for auth endpoints `error` is the message string itself (docs/protocol.md, Common to every call).
 */
export interface ErrorBody {
  error: { code: string; message: string } | string;
  code: string;
  message: string;
  /** PostgREST's fields, for its clients (not on auth answers): more about the error, and what to do. */
  details?: string | null;
  hint?: string | null;
}
