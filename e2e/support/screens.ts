/** The signed-in screens as the journeys recognise them: by their main heading. */
import { expect, type Page } from '@playwright/test';

export const HEADINGS = {
  dashboard: /Good Evening/,
  calendar: 'Troop Calendar',
  profile: 'Profile',
  members: 'Members',
  analytics: 'Analytics',
  social: 'Social',
} as const;

export type SignedInScreen = keyof typeof HEADINGS;

/** The screen shows, starts at its top, and its main heading holds focus. */
export async function expectArrivedAt(page: Page, screen: SignedInScreen) {
  const heading = page.getByRole('heading', { level: 1, name: HEADINGS[screen] });
  await expect(heading).toBeAttached();
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}
