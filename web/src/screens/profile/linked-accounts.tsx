import { useState } from 'react';
import { providerLabel } from '@scout/protocol/providers';
import { failureMessage } from '../../lib/failure-message.ts';
import { Button } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/form-message.tsx';
import { isLastWayIn, useSignInMethods, useUnlinkIdentity } from './use-sign-in-methods.ts';

const LAST_WAY_IN =
  'This is your only way to sign in. Set a password first ("Forgot password?" on the sign-in screen mails you a link).';

/** The providers linked to the account; each may be unlinked while another way to sign in remains. */
export function LinkedAccounts({ userId }: { userId: string }) {
  const methods = useSignInMethods(userId);
  const unlink = useUnlinkIdentity(userId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const data = methods.data;
  if (!data || data.identities.length === 0) return null;
  const locked = isLastWayIn(data);

  return (
    <section
      aria-labelledby="linked-accounts-heading"
      className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8 md:mt-8"
    >
      <h2 id="linked-accounts-heading" className="text-xl font-bold tracking-tight text-stone-900">
        Linked accounts
      </h2>
      <p className="mt-1 mb-5 text-sm text-stone-600">
        Providers you have signed in with. Each also signs you in to this account.
      </p>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
        {data.identities.map((identity) => {
          const label = providerLabel(identity.provider);
          const asking = confirming === identity.id;
          return (
            <li
              key={identity.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">{label}</p>
                {identity.email ? (
                  <p className="truncate text-sm text-stone-600">{identity.email}</p>
                ) : null}
              </div>
              {asking ? (
                // Asked in place: one more click, and Cancel leaves everything as it was.
                <div
                  role="group"
                  aria-label={`Unlink ${label}?`}
                  className="flex items-center gap-2"
                >
                  <span className="text-sm text-stone-700">Stop signing in with {label}?</span>
                  <Button variant="secondary" size="sm" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={unlink.isPending}
                    onClick={() =>
                      unlink.mutate(identity.id, { onSettled: () => setConfirming(null) })
                    }
                  >
                    {unlink.isPending ? 'Unlinking...' : 'Unlink'}
                  </Button>
                </div>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={locked || unlink.isPending}
                  aria-label={`Unlink ${label}`}
                  onClick={() => setConfirming(identity.id)}
                >
                  Unlink
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {locked ? <p className="mt-3 text-sm text-stone-600">{LAST_WAY_IN}</p> : null}
      {unlink.isError ? (
        <div className="mt-3">
          <FormMessage tone="error">
            {failureMessage(unlink.error, 'The account could not be unlinked. Please try again.')}
          </FormMessage>
        </div>
      ) : null}
    </section>
  );
}
