import type { ComponentType } from 'react';
import { CalendarIcon, HomeIcon, NewspaperIcon, UsersIcon } from '../ui/icons.tsx';
import type { NavTab } from './nav-tabs.ts';

export const TAB_ICONS: Record<NavTab, ComponentType<{ className?: string }>> = {
  home: HomeIcon,
  calendar: CalendarIcon,
  social: UsersIcon,
  newsletter: NewspaperIcon,
};
