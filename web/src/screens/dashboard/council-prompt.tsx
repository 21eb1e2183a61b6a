import { Link } from 'wouter';
import { useCurrentUnit } from '../../frame/use-account-menu.ts';
import { ArrowRightIcon, UsersIcon } from '../../ui/icons.tsx';
import { COUNCIL_ADDRESS, councilLinkText, showsCouncilLink } from './council-link.ts';

/**
 * "Your council's troops": when the app calls with a council, its dashboard leads to the
 * council's view of its troops, which the account menu alone reached before. The unit is the
 * header's query (the same key), so this costs no request of its own.
 */
export function CouncilPrompt() {
  const unit = useCurrentUnit().data;
  if (!unit || !showsCouncilLink(unit)) return null;
  return (
    <section
      aria-labelledby="council-troops-heading"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-scout-200 bg-scout-50 p-4 text-stone-900 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <UsersIcon className="mt-0.5 size-5 shrink-0 text-scout-700" />
        <div className="min-w-0 text-sm">
          <h2 id="council-troops-heading" className="font-semibold">
            Your council&apos;s troops
          </h2>
          <p className="mt-0.5 text-stone-800">{councilLinkText(unit)}</p>
        </div>
      </div>
      <Link
        href={COUNCIL_ADDRESS}
        className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg bg-scout-700 px-3.5 py-2 text-sm font-semibold text-white hover:bg-scout-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600 sm:self-center"
      >
        See the troops
        <ArrowRightIcon className="size-4" />
      </Link>
    </section>
  );
}
