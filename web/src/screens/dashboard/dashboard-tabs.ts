/** Dashboard tabs (docs/product.md section 4): home is first; only calendar leaves the dashboard. */
export const DASHBOARD_TABS = ['home', 'calendar', 'social', 'newsletter'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const TAB_LABELS: Record<DashboardTab, string> = {
  home: 'Home',
  calendar: 'Calendar',
  social: 'Social',
  newsletter: 'Newsletter',
};

export function chooseTab(
  current: DashboardTab,
  chosen: DashboardTab,
): { active: DashboardTab; openCalendar: boolean } {
  if (chosen === 'calendar') return { active: current, openCalendar: true };
  return { active: chosen, openCalendar: false };
}

export const greetingFor = (firstName: string) => `Good Evening, ${firstName.toUpperCase()}`;
