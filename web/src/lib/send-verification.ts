import { EMAIL_LINK_MESSAGES } from './email-link-messages.ts';
import { failureMessage } from './failure-message.ts';
import { scout } from './sdk.ts';
import { toast } from '../ui/toast.tsx';

/**
 * Mails the signed-in member a new verification link and says how it went in a toast. An
 * address verified already needs none: the server would send nothing, and the toast says so.
 */
export async function sendNewVerification(): Promise<void> {
  if (scout.auth.getState().user?.emailVerified) {
    toast.success(EMAIL_LINK_MESSAGES.alreadyVerified);
    return;
  }
  try {
    await scout.auth.sendEmailVerification();
    toast.success(EMAIL_LINK_MESSAGES.verificationSent);
  } catch (err) {
    toast.error(failureMessage(err, EMAIL_LINK_MESSAGES.sendFailed));
  }
}
