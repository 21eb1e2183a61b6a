import type { ComponentType } from 'react';
import { CalendarIcon, HomeIcon, NewspaperIcon, UsersIcon } from '../../ui/icons.tsx';
import type { DashboardTab } from './dashboard-tabs.ts';

export const TAB_ICONS: Record<DashboardTab, ComponentType<{ className?: string }>> = {
  home: HomeIcon,
  calendar: CalendarIcon,
  social: UsersIcon,
  newsletter: NewspaperIcon,
};
