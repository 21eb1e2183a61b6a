/**
 * The Volunteer screen (`/volunteer`, docs/protocol.md, Volunteer): the offers made to the member
 * and the places their people hold, the open slots across upcoming events soonest first (empty
 * ones marked, each taken in one tap), and for leaders (volunteer.manage) the slots still short
 * of people per event with each event's CSV export. Kept current by the `volunteer` channel.
 */
import type { WireUser } from '@scout/protocol/auth';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { tabChooser } from '../../frame/frame-actions.ts';
import { AppFrame } from '../../frame/app-frame.tsx';
import type { Navigation } from '../../frame/navigation.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import { useCan } from '../../lib/use-can.ts';
import { useVolunteerLive } from '../../lib/use-volunteer-live.ts';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { CommitmentsPanel } from './commitments-panel.tsx';
import { OpenSlotsPanel } from './open-slots-panel.tsx';
import { UnfilledPanel } from './unfilled-panel.tsx';

export function VolunteerScreen({ user, nav }: { user: WireUser; nav: Navigation }) {
  const menu = useAccountMenu(nav, user, 'volunteer');
  const canManage = useCan(user, PERMISSIONS.volunteerManage);
  useVolunteerLive(user);
  return (
    <AppFrame
      user={user}
      active={null}
      onChooseTab={tabChooser(nav, 'volunteer')}
      menuItems={menu}
      back={{ label: 'Dashboard', onBack: nav.back }}
      width="narrow"
    >
      <ScreenHeading className="text-2xl font-extrabold tracking-tight text-stone-900 md:text-3xl">
        Volunteer
      </ScreenHeading>
      <p className="mt-1 text-sm text-stone-600 md:text-base">
        Drivers, meals, gear and shifts for the troop&apos;s upcoming events.
      </p>
      <CommitmentsPanel userId={user.id} />
      <OpenSlotsPanel userId={user.id} />
      {canManage ? <UnfilledPanel userId={user.id} /> : null}
    </AppFrame>
  );
}
