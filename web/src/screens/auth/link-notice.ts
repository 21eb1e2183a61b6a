/**
 * What the auth screen says about an emailed link that did not work when opened signed out, and
 * the way to a new one it offers: a new sign-in link is asked for with its email form; a new
 * verification email goes out once the member has signed in, since it goes to the account's
 * own address (docs/protocol.md, Sessions and tokens: /email/verify/send).
 */
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import type { OpenedLinkFailure } from '../../lib/link-failure.ts';

export type LinkOffer = 'sign-in-link' | 'verification';

export interface AuthNotice {
  tone: 'error' | 'success';
  text: string;
  /** A button that leads to a new link. */
  offer?: { kind: LinkOffer; label: string };
  /** Signing in from this screen mails a new verification link. */
  verifyOnSignIn?: boolean;
}

export function linkNotice(failure: OpenedLinkFailure): AuthNotice {
  const notice: AuthNotice = { tone: 'error', text: failure.message };
  if (!failure.unusable) return notice;
  return {
    ...notice,
    offer:
      failure.link === 'magic'
        ? { kind: 'sign-in-link', label: EMAIL_LINK_MESSAGES.newSignInLink }
        : { kind: 'verification', label: EMAIL_LINK_MESSAGES.newVerificationLink },
  };
}

/** After the member chose a new verification email: signing in sends it. */
export const verifyOnSignInNotice: AuthNotice = {
  tone: 'success',
  text: EMAIL_LINK_MESSAGES.verificationAfterSignIn,
  verifyOnSignIn: true,
};
