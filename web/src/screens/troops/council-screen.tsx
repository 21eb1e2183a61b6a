import type { WireUser } from '@scout/protocol/auth';
import { COUNCIL_OVERVIEW_DAYS } from '@scout/protocol/troops';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { troopLabel } from '../../frame/troop-switch.ts';
import { useAccountMenu, useCurrentUnit } from '../../frame/use-account-menu.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { FormMessage } from '../../ui/form-message.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CouncilTroopRow } from './council-troop-row.tsx';
import { useCouncilOverview } from './use-council.ts';
import { WaitingTroops } from './waiting-troops.tsx';

/**
 * A council's troops, for its members when the app calls with the council: each troop's members,
 * upcoming events and answer rate over the next days, and its events when opened; for its admins,
 * the troops registered at sign-up that wait for them. Reached from the account menu ("Council
 * troops") and the dashboard; the address of a troop's app says it is no council.
 */
export function CouncilScreen({ user, nav }: { user: WireUser; nav: Navigation }) {
  const menu = useAccountMenu(nav, user, 'council');
  const unit = useCurrentUnit();
  const isCouncil = unit.data?.kind === 'council';
  const overview = useCouncilOverview(isCouncil);
  return (
    <AppFrame
      user={user}
      active={null}
      onChooseTab={tabChooser(nav, 'council')}
      menuItems={menu}
      back={{ label: 'Back', onBack: nav.back }}
      subtitle="Council troops"
      width="narrow"
    >
      <ScreenHeading className="text-3xl font-extrabold tracking-tight text-stone-900">
        Council troops
      </ScreenHeading>
      <p className="mt-2 text-sm text-stone-600 md:text-base">
        {unit.data && isCouncil ? `${troopLabel(unit.data)}: each` : 'Each'} troop&apos;s members,
        its events of the next {COUNCIL_OVERVIEW_DAYS} days, and the share of answers its families
        have given to them.
      </p>
      <WaitingTroops enabled={isCouncil} />
      {unit.isLoading || overview.isLoading ? (
        <div className="flex items-center gap-3 py-10 text-stone-600">
          <Spinner /> Loading troops...
        </div>
      ) : unit.error || overview.error ? (
        <div className="mt-6">
          <FormMessage tone="error">
            {failureMessage(unit.error ?? overview.error, 'Could not load the council’s troops.')}
          </FormMessage>
        </div>
      ) : !isCouncil || !overview.data ? (
        <p className="mt-6 text-sm text-stone-700">
          This is a troop, not a council: a council&apos;s members see its troops here.
        </p>
      ) : overview.data.troops.length === 0 ? (
        <p className="mt-6 text-sm text-stone-700">The council has no troops yet.</p>
      ) : (
        <ul aria-label="Troops of the council" className="mt-6 space-y-3">
          {overview.data.troops.map((troop) => (
            <CouncilTroopRow key={troop.projectId} troop={troop} />
          ))}
        </ul>
      )}
    </AppFrame>
  );
}
