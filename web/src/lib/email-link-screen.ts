import type { Screen } from '../view-state.ts';

export interface EmailLinkView {
  /** A reset link was opened and its form has not been used or left yet. */
  resetToken: string | null;
  /** A sign-in link is being spent. */
  signingIn: boolean;
}

export type ScreenWithLink = Screen | 'reset' | 'setup';

/**
 * What an emailed link changes about the root view: a sign-in link waits behind the spinner, so
 * the auth screen does not flash before the dashboard; a reset link shows its form once the
 * session check is over, signed in or not, since whoever opened it asked for a new password.
 */
export function screenWithLink(
  screen: Screen,
  link: EmailLinkView,
  setupToken: string | null = null,
): ScreenWithLink {
  if (screen === 'loading' || link.signingIn) return 'loading';
  // The first-admin setup link (lib/setup-link.ts) is the console's: it shows whoever is signed in.
  if (setupToken !== null) return 'setup';
  return link.resetToken !== null ? 'reset' : screen;
}
