import { useQuery } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { useCan } from '../../../lib/use-can.ts';
import { scout } from '../../../lib/sdk.ts';
import { scoutDetails } from './family-lists.tsx';
import { Panel } from '../../../ui/panel.tsx';

/**
 * Every scout of the troop. A member sees names: all they ever see of another family's scouts.
 * Whoever may read every scout's details (`scouts.read`: leaders) sees them with the family.
 */
export function TroopRoster({ user }: { user: WireUser }) {
  const leader = useCan(user, PERMISSIONS.scoutsRead);
  const roster = useQuery({ queryKey: ['roster'], queryFn: () => scout.households.roster() });
  const details = useQuery({
    queryKey: ['troop-scouts'],
    queryFn: () => scout.households.troopScouts(),
    enabled: leader,
  });
  const scouts = roster.data ?? [];
  const byId = new Map((details.data ?? []).map((s) => [s.id, s]));
  return (
    <Panel headingId="roster-heading" title="Troop roster">
      <p className="mt-1 text-sm text-stone-600">
        {leader
          ? 'The scouts of the troop, with the details you see as a leader. Keep them to yourself.'
          : 'The scouts of the troop, by name.'}
      </p>
      {roster.isSuccess && scouts.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">No scouts yet.</p>
      ) : null}
      {roster.isError ? (
        <p className="mt-3 text-sm text-red-700">Could not load the roster.</p>
      ) : null}
      <ul aria-label="Troop roster" className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {scouts.map((s) => {
          const more = byId.get(s.id);
          return (
            <li key={s.id} className="text-sm break-words text-stone-800">
              {s.firstName} {s.lastName}
              {more ? (
                <span className="block text-xs text-stone-600">
                  {scoutDetails(more)} · {more.householdName}
                  {more.notes ? (
                    <span className="block whitespace-pre-line">
                      <span className="sr-only">Notes: </span>
                      {more.notes}
                    </span>
                  ) : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
