import { useEffect, useEffectEvent, useState } from 'react';
import { AUTH_ERROR_MESSAGES } from '@scout/protocol/errors';
import type { EmailLink } from '@scout/sdk/auth/auth-client';
import { toast } from '../ui/toast.tsx';
import { EMAIL_LINK_MESSAGES } from './email-link-messages.ts';
import type { EmailLinkView } from './email-link-screen.ts';
import { linkFailure, type LinkFailure, type OpenedLinkFailure } from './link-failure.ts';
import { scout } from './sdk.ts';
import { sendNewVerification } from './send-verification.ts';

let startupLink: EmailLink | null | undefined;

/**
 * The link this page was opened with, read once per page load: reading it also takes its
 * one-time token out of the address bar, so it stays in neither history nor a copied address.
 */
function takeStartupLink(): EmailLink | null {
  if (startupLink === undefined) startupLink = scout.auth.readLinkFromUrl();
  return startupLink;
}

interface LinkOutcome {
  signedIn: boolean;
  /** Why a link opened signed out did not work, for the auth screen. */
  linkError: OpenedLinkFailure | null;
}

let linkWork: Promise<LinkOutcome> | null = null;

/** Spends a sign-in or verification token; each is sent once, however often React mounts. */
async function followLink(link: EmailLink): Promise<LinkOutcome> {
  // After start-up: the stored session must be known first, or restoring it could replace the
  // one a sign-in link starts, and a verification could not refresh the signed-in user.
  await scout.auth.ready();
  if (link.kind === 'magic') {
    try {
      await scout.auth.signInWithMagicLink(link.token);
      return { signedIn: true, linkError: null };
    } catch (err) {
      const failure = linkFailure(err, AUTH_ERROR_MESSAGES.VERIFICATION_FAILED);
      // Someone already signed in stays where they are and hears about it there.
      if (scout.auth.getState().isAuthenticated) {
        toast.error(failure.message);
        return { signedIn: false, linkError: null };
      }
      return { signedIn: false, linkError: { ...failure, link: 'magic' } };
    }
  }
  try {
    await scout.auth.verifyEmail(link.token);
    toast.success(EMAIL_LINK_MESSAGES.emailVerified);
  } catch (err) {
    const failure = linkFailure(err, AUTH_ERROR_MESSAGES.VERIFICATION_FAILED);
    // Signed out, the auth screen says it and offers a new link there (screens/auth/link-notice.ts).
    if (!scout.auth.getState().isAuthenticated)
      return { signedIn: false, linkError: { ...failure, link: 'verify' } };
    verificationFailed(failure);
  }
  return { signedIn: false, linkError: null };
}

/** A spent verification link opened signed in: a new one is a click away. */
function verificationFailed(failure: LinkFailure) {
  if (!failure.unusable) return toast.error(failure.message);
  toast.error(failure.message, {
    action: {
      label: EMAIL_LINK_MESSAGES.newVerificationLink,
      onClick: () => void sendNewVerification(),
    },
  });
}

export interface EmailLinkState extends EmailLinkView {
  linkError: OpenedLinkFailure | null;
  /** The reset form was used or left: the app goes on as if opened without a link. */
  finishReset: () => void;
}

/**
 * Handles the emailed link the app was opened with, at start-up: a sign-in link signs in and
 * `onSignedIn` opens the dashboard; a verification link verifies and says so in a toast; a link
 * that did not work, opened signed out, is told to the auth screen (`linkError`); a reset
 * link is handed to the root view, which shows the new-password form.
 */
export function useEmailLink(onSignedIn: () => void): EmailLinkState {
  const [link] = useState(takeStartupLink);
  const [resetToken, setResetToken] = useState(link?.kind === 'reset' ? link.token : null);
  const [signingIn, setSigningIn] = useState(link?.kind === 'magic');
  const [linkError, setLinkError] = useState<OpenedLinkFailure | null>(null);
  const signedIn = useEffectEvent(onSignedIn);

  useEffect(() => {
    if (!link || link.kind === 'reset') return;
    let mounted = true;
    linkWork ??= followLink(link);
    void linkWork.then((outcome) => {
      if (!mounted) return;
      setSigningIn(false);
      setLinkError(outcome.linkError);
      if (outcome.signedIn) signedIn();
    });
    return () => {
      mounted = false;
    };
  }, [link]);

  return { resetToken, signingIn, linkError, finishReset: () => setResetToken(null) };
}
