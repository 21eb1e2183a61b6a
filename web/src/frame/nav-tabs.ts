/**
 * The app's four tabs (docs/product.md sections 2 and 4): Home is first; on the dashboard, Home,
 * Social and Newsletter only move the highlight, and Calendar opens the calendar. The same tabs
 * frame every signed-in screen (app-frame.tsx); from another screen, a tab other than Calendar
 * returns to the dashboard with that tab highlighted.
 */
export const NAV_TABS = ['home', 'calendar', 'social', 'newsletter'] as const;
export type NavTab = (typeof NAV_TABS)[number];

export const TAB_LABELS: Record<NavTab, string> = {
  home: 'Home',
  calendar: 'Calendar',
  social: 'Social',
  newsletter: 'Newsletter',
};

/** Tabs that belong to the dashboard: choosing one only highlights it there. */
export type DashboardTab = Exclude<NavTab, 'calendar'>;

export function chooseTab(
  current: DashboardTab,
  chosen: NavTab,
): { active: DashboardTab; openCalendar: boolean } {
  if (chosen === 'calendar') return { active: current, openCalendar: true };
  return { active: chosen, openCalendar: false };
}
