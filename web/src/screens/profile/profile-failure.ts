/** What a person reads when a profile call fails (docs/product.md section 8). */
import { UI_MESSAGES } from '@scout/protocol/errors';
import { failureMessage } from '../../lib/failure-message.ts';

interface ErrorFacts {
  status?: unknown;
  code?: unknown;
  kind?: unknown;
  message?: unknown;
}

const factsOf = (err: unknown): ErrorFacts =>
  typeof err === 'object' && err !== null ? (err as ErrorFacts) : {};

/**
 * A request that never got an answer, or one refused for its token, most likely means the session
 * is over: the person is told to sign in again rather than shown a technical message.
 */
export function profileFailureMessage(err: unknown): string {
  const { status, code, kind } = factsOf(err);
  if (status === 401 || kind === 'auth' || code === 'NETWORK_ERROR') {
    return UI_MESSAGES.profileAuthFailed;
  }
  return failureMessage(err, UI_MESSAGES.profileUpdateFailed);
}

export function avatarFailureMessage(err: unknown): string {
  return failureMessage(err, UI_MESSAGES.avatarUploadFailed);
}

/**
 * A wrong current password comes back as INVALID_CREDENTIALS, whose catalogue wording speaks of
 * an email; the server's own words name the current password, so those are shown.
 */
export function passwordChangeFailureMessage(err: unknown): string {
  const { status, code, message } = factsOf(err);
  if (
    code === 'INVALID_CREDENTIALS' &&
    typeof status === 'number' &&
    typeof message === 'string' &&
    message.trim() &&
    message !== `HTTP ${status}`
  ) {
    return message;
  }
  return failureMessage(err, UI_MESSAGES.passwordChangeFailed);
}
