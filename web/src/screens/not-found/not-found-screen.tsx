import type { WireUser } from '@scout/protocol/auth';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import { Button } from '../../ui/button.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';

export interface NotFoundScreenProps {
  user: WireUser;
  nav: Navigation;
}

/**
 * An address the app does not know (protocol/src/app-paths.ts): a mistyped or cut-off link says so in the
 * usual frame, with the way to the dashboard, rather than showing a blank page.
 */
export function NotFoundScreen({ user, nav }: NotFoundScreenProps) {
  const menu = useAccountMenu(nav, user, 'not-found');
  return (
    <AppFrame
      user={user}
      active={null}
      onChooseTab={tabChooser(nav, 'not-found')}
      menuItems={menu}
      back={{ label: 'Dashboard', onBack: nav.back }}
      width="narrow"
    >
      <ScreenHeading className="text-2xl font-extrabold tracking-tight text-stone-900 md:text-3xl">
        Page not found
      </ScreenHeading>
      <p className="mt-2 text-sm text-stone-600 md:text-base">
        Nothing in the troop's app is at this address. The link may be mistyped or cut short.
      </p>
      <Button className="mt-6" onClick={nav.back}>
        Go to the dashboard
      </Button>
    </AppFrame>
  );
}
