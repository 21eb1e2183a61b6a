import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { WireUser } from '@scout/protocol/auth';
import { scout } from '../../lib/sdk.ts';
import { ArrowRightIcon, UsersIcon } from '../../ui/icons.tsx';
import { FAMILY_ADDRESS, isParent, showsAddScouts } from './add-scouts.ts';

/**
 * "Add your scouts": points a new parent to the Family section of Profile, where they answer for
 * their scouts, until a scout is in their household. The household is the one the Family section
 * reads (the same query key), so adding a scout there takes the prompt away here.
 */
export function AddScoutsPrompt({ user }: { user: WireUser }) {
  const household = useQuery({
    queryKey: ['household'],
    queryFn: () => scout.households.mine(),
    // Reading a household makes one: only for a parent (add-scouts.ts).
    enabled: isParent(user),
  });
  if (!showsAddScouts(user, household.data)) return null;
  return (
    <section
      aria-labelledby="add-scouts-heading"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-scout-200 bg-scout-50 p-4 text-stone-900 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <UsersIcon className="mt-0.5 size-5 shrink-0 text-scout-700" />
        <div className="min-w-0 text-sm">
          <h2 id="add-scouts-heading" className="font-semibold">
            Add your scouts
          </h2>
          <p className="mt-0.5 text-stone-800">
            Add your children to your family, so you can answer for them and see what they are going
            to.
          </p>
        </div>
      </div>
      <Link
        href={FAMILY_ADDRESS}
        className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg bg-scout-700 px-3.5 py-2 text-sm font-semibold text-white hover:bg-scout-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600 sm:self-center"
      >
        Add your scouts
        <ArrowRightIcon className="size-4" />
      </Link>
    </section>
  );
}
