import { errorFromResponse } from '@scout/sdk/errors';
import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_MESSAGES } from '../../lib/email-link-messages.ts';
import { linkFailure } from '../../lib/link-failure.ts';
import { linkNotice, verifyOnSignInNotice } from './link-notice.ts';

/** The server's answers for a link that expired with time (server/src/auth/links.ts). */
const expiredAnswers = [
  { code: 'VERIFICATION_FAILED', error: 'This link has expired. Please request a new one.' },
  { code: 'MAGIC_LINK_EXPIRED', error: 'Magic link has expired. Please request a new one.' },
];
const usedAnswer = { code: 'VERIFICATION_FAILED', error: 'Verification failed. Please try again.' };

const failureOf = (body: object) =>
  linkFailure(errorFromResponse(400, body), 'Verification failed. Please try again.');

describe('the auth screen on an emailed link that did not work', () => {
  it('says a link expired with time or already used is spent, never "try again"', () => {
    for (const body of [...expiredAnswers, usedAnswer]) {
      expect(failureOf(body)).toEqual({
        message: EMAIL_LINK_MESSAGES.linkUnusable,
        unusable: true,
      });
    }
  });

  it('offers a new sign-in link for a sign-in link, a new verification email for a verification link', () => {
    const failure = failureOf(usedAnswer);
    expect(linkNotice({ ...failure, link: 'magic' })).toEqual({
      tone: 'error',
      text: 'This link has expired or was already used.',
      offer: { kind: 'sign-in-link', label: 'Email me a new sign-in link' },
    });
    expect(linkNotice({ ...failure, link: 'verify' })).toEqual({
      tone: 'error',
      text: 'This link has expired or was already used.',
      offer: { kind: 'verification', label: 'Send a new verification email' },
    });
  });

  it('offers nothing when the link may still work, as when the network failed', () => {
    const failure = linkFailure(
      errorFromResponse(503, { error: 'Service unavailable' }),
      'Could not verify.',
    );
    expect(linkNotice({ ...failure, link: 'verify' })).toEqual({
      tone: 'error',
      text: failure.message,
    });
  });

  it('once a new verification email was chosen, says it goes out with the sign-in', () => {
    expect(verifyOnSignInNotice).toEqual({
      tone: 'success',
      text: 'Sign in below: the new verification email goes out as soon as you do.',
      verifyOnSignIn: true,
    });
  });
});
