/**
 * The app's four tabs (docs/product.md sections 2 and 4): Home is first; on the dashboard, Home
 * only moves the highlight, Calendar opens the calendar, Social the social feed and Newsletter
 * the newsletter (frame-actions.ts). The same tabs frame every signed-in screen (app-frame.tsx);
 * from another screen, Home returns to the dashboard.
 */
export const NAV_TABS = [
  { tab: 'home', label: 'Home' },
  { tab: 'calendar', label: 'Calendar' },
  { tab: 'social', label: 'Social' },
  { tab: 'newsletter', label: 'Newsletter' },
] as const;
export type NavTab = (typeof NAV_TABS)[number]['tab'];

/** Tabs that belong to the dashboard: choosing one only highlights it there. */
export type DashboardTab = Exclude<NavTab, 'calendar'>;

export function chooseTab(
  current: DashboardTab,
  chosen: NavTab,
): { active: DashboardTab; openCalendar: boolean } {
  if (chosen === 'calendar') return { active: current, openCalendar: true };
  return { active: chosen, openCalendar: false };
}
