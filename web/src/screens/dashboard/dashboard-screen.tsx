import type { WireUser } from '@scout/protocol/auth';
import { firstNameOf } from '@scout/protocol/user-display';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import type { DashboardTab } from '../../frame/nav-tabs.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { CalendarIcon, HeartHandIcon, NewspaperIcon, UsersIcon } from '../../ui/icons.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { AddScoutsPrompt } from './add-scouts-prompt.tsx';
import { CouncilPrompt } from './council-prompt.tsx';
import { greetingFor } from './greeting.ts';
import { NewsletterCardBlocks } from './newsletter-card-blocks.tsx';
import { SocialCardBlocks } from './social-card-blocks.tsx';
import { SummaryCard } from './summary-card.tsx';
import { UpcomingEvents } from './upcoming-events.tsx';
import { VolunteerCardBlocks } from './volunteer-card-blocks.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

export interface DashboardScreenProps {
  user: WireUser;
  /** The highlighted tab: Home only highlights (docs/product.md section 4). */
  tab: DashboardTab;
  nav: Navigation;
}

export function DashboardScreen({ user, tab, nav }: DashboardScreenProps) {
  const greeting = greetingFor(firstNameOf(user));
  const menu = useAccountMenu(nav, user, 'dashboard');
  return (
    <AppFrame
      user={user}
      active={tab}
      onChooseTab={tabChooser(nav, 'dashboard')}
      menuItems={menu}
      subtitle={greeting}
    >
      <VerifyEmailBanner key={user.id} user={user} />
      <ScreenHeading className="sr-only md:not-sr-only md:text-3xl md:font-extrabold md:tracking-tight md:text-stone-900">
        {greeting}
      </ScreenHeading>
      <p className="text-sm text-stone-600 md:mt-2 md:text-base">
        Here is what is happening with your troop.
      </p>
      <CouncilPrompt />
      <AddScoutsPrompt user={user} />

      <div className="mt-6 grid gap-4 sm:grid-cols-2 md:mt-8 md:gap-6 xl:grid-cols-4">
        <SummaryCard
          title="Calendar"
          description="Meetings, campouts and service days."
          icon={CalendarIcon}
          onView={() => nav.open('calendar')}
        >
          <UpcomingEvents userId={user.id} />
        </SummaryCard>
        <SummaryCard
          title="Social"
          description="Photos and updates from the troop."
          icon={UsersIcon}
          onView={() => nav.open('social')}
        >
          <SocialCardBlocks user={user} />
        </SummaryCard>
        <SummaryCard
          title="Newsletter"
          description="News and announcements."
          icon={NewspaperIcon}
          onView={() => nav.open('newsletter')}
        >
          <NewsletterCardBlocks user={user} />
        </SummaryCard>
        <SummaryCard
          title="Volunteer"
          description="Ways to lend a hand at events."
          icon={HeartHandIcon}
          onView={() => nav.open('volunteer')}
        >
          <VolunteerCardBlocks user={user} />
        </SummaryCard>
      </div>
    </AppFrame>
  );
}
