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
} as const;
