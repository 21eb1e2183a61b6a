import { providerLabel } from '@scout/protocol/providers';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useProviderSignIn, useSignInProviders } from './use-provider-sign-in.ts';

interface ProviderButtonsProps {
  onSignedIn: () => void;
  /** Another sign-in is under way on the screen. */
  disabled?: boolean;
  /** The token of the invitation link the page was opened with, for a first sign-in. */
  invitation?: string | null;
  /** The token of the household link the page was opened with, for a first sign-in. */
  family?: string | null;
}

/** "Continue with <Provider>" for each provider the troop configured; nothing when there is none. */
export function ProviderButtons({
  onSignedIn,
  disabled = false,
  invitation = null,
  family = null,
}: ProviderButtonsProps) {
  const providers = useSignInProviders();
  const { start, pending, error } = useProviderSignIn(onSignedIn, invitation, family);
  if (providers.length === 0 && !error) return null;
  return (
    <div className="space-y-3">
      <div
        className="flex items-center gap-3 text-xs font-medium text-stone-600"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-stone-200" />
        or continue with
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      {providers.map((name) => (
        <Button
          key={name}
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={disabled || pending !== null}
          onClick={() => start(name)}
        >
          {pending === name ? <Spinner className="size-4" /> : null}
          Continue with {providerLabel(name)}
        </Button>
      ))}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </div>
  );
}
