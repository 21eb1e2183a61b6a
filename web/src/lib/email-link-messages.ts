/**
 * The words of the emailed-link flows: password reset, sign-in link and email verification.
 * The "sent" confirmations read the same whether or not the address has an account, as the
 * server's answers do, so the screen tells no one which addresses are registered.
 */
export const EMAIL_LINK_MESSAGES = {
  resetLinkSent: 'If an account exists for that address, we sent a link to reset the password.',
  magicLinkSent: 'If an account exists for that address, we sent a link to sign in.',
  sendFailed: 'Failed to send the email. Please try again.',
  resetFailed: 'Failed to set the new password. Please try again.',
  passwordUpdated: 'Password updated. Sign in with your new password.',
  emailVerified: 'Email verified',
  verificationSent: 'Verification email sent',
  signingIn: 'Signing in...',
  linkUnusable: 'This link has expired or was already used.',
  newSignInLink: 'Email me a new sign-in link',
  newResetLink: 'Send a new reset link',
  newVerificationLink: 'Send a new verification email',
  verificationAfterSignIn: 'Sign in below: the new verification email goes out as soon as you do.',
  alreadyVerified: 'Your email address is already verified.',
} as const;
