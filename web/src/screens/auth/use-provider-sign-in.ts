import { useState } from 'react';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { metaContentFrom } from '../../lib/client-config.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';
import { readConfiguredProviders } from './configured-providers.ts';

/** The providers this troop offers besides email and password; none, and no button shows. */
export function useSignInProviders(): string[] {
  const [providers] = useState(() => readConfiguredProviders(metaContentFrom(document)));
  return providers;
}

/**
 * Sign-in with a provider in its popup. The SDK opens the window within the click itself, so a
 * browser's popup blocker sees the person's own action. An invitation or a household link the
 * page was opened with goes along: a newcomer joins with it (a member who has an account spends
 * nothing; the app asks them to join the household once signed in).
 */
export function useProviderSignIn(
  onSignedIn: () => void,
  invitation: string | null = null,
  family: string | null = null,
) {
  const [pending, setPending] = useState<string | null>(null);
  // A sign-in this page came back from (redirect mode, inside a frame) may have failed.
  const [error, setError] = useState<string | null>(() => {
    const failed = scout.auth.takeRedirectError();
    return failed ? failureMessage(failed, UI_MESSAGES.signInFailed) : null;
  });
  const start = (provider: string) => {
    setError(null);
    setPending(provider);
    const links = { ...(invitation ? { invitation } : {}), ...(family ? { family } : {}) };
    scout.auth.signInWithProvider(provider, links).then(
      () => {
        setPending(null);
        onSignedIn();
      },
      (err: unknown) => {
        setPending(null);
        setError(failureMessage(err, UI_MESSAGES.signInFailed));
      },
    );
  };
  return { start, pending, error };
}
