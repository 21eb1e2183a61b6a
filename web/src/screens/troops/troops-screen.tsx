import type { WireUser } from '@scout/protocol/auth';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import { usePlatformAdmin } from '../../lib/my-troops.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { FormMessage } from '../../ui/form-message.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NewUnitPanel } from './new-unit-panel.tsx';
import { UnitTable } from './unit-table.tsx';
import { useServerUnits } from './use-units.ts';

/**
 * The platform admin's troops and councils (docs/decisions/065-troops.md): every unit of the
 * server, and a form to make one with its first leader. Anyone else opening the address is told
 * it is not theirs; the server refuses them the list and the form's request alike.
 */
export function TroopsScreen({ user, nav }: { user: WireUser; nav: Navigation }) {
  const menu = useAccountMenu(nav, user, 'troops');
  const admin = usePlatformAdmin(user.id);
  const units = useServerUnits(admin.data === true);
  return (
    <AppFrame
      user={user}
      active={null}
      onChooseTab={tabChooser(nav, 'troops')}
      menuItems={menu}
      back={{ label: 'Back', onBack: nav.back }}
      subtitle="Troops"
      width="wide"
    >
      <ScreenHeading className="text-3xl font-extrabold tracking-tight text-stone-900">
        Troops
      </ScreenHeading>
      <p className="mt-2 text-sm text-stone-600 md:text-base">
        The server&apos;s troops and councils. Each has its own members, calendar and sign-up; a
        troop of a council shares its council&apos;s events.
      </p>
      {admin.isLoading ? (
        <div className="flex items-center gap-3 py-10 text-stone-600">
          <Spinner /> Loading...
        </div>
      ) : admin.data !== true ? (
        <div className="mt-6">
          <FormMessage tone="error">
            {admin.error
              ? failureMessage(admin.error, 'Could not check who may see the troops.')
              : 'Only the platform admin sees and makes the server’s troops.'}
          </FormMessage>
        </div>
      ) : (
        <>
          <NewUnitPanel units={units.data ?? []} />
          <section aria-labelledby="units-heading" className="mt-10">
            <h2 id="units-heading" className="text-xl font-bold text-stone-900">
              Troops and councils
            </h2>
            {units.isLoading ? (
              <div className="flex items-center gap-3 py-6 text-stone-600">
                <Spinner /> Loading troops...
              </div>
            ) : units.error || !units.data ? (
              <div className="mt-3">
                <FormMessage tone="error">
                  {failureMessage(units.error, 'Could not load the troops.')}
                </FormMessage>
              </div>
            ) : (
              <UnitTable units={units.data} />
            )}
          </section>
        </>
      )}
    </AppFrame>
  );
}
