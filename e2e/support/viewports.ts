import { expect, type Browser, type Page } from '@playwright/test';
import { axeFindings } from './axe.ts';

/** The two ways a family meets the app: a laptop, and a phone held in one hand (touch). */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

/** A page of its own in the given viewport; close its context when done. */
export async function pageIn(browser: Browser, name: ViewportName): Promise<Page> {
  const context = await browser.newContext(VIEWPORTS[name]);
  return context.newPage();
}

/** How far the page reaches past the screen's width: 0 or less when nothing scrolls sideways. */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * What axe finds serious or critical on the page once it has settled: a toast or dialog still
 * fading in is drawn half transparent, and its text would read as too faint. Endless
 * animations (a spinner) are not waited for. The rules: support/axe.ts.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  return (await axeFindings(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target}: ${n.failureSummary}`).join('; ')})`,
    );
}

/**
 * Waits until every toast has gone, the pointer moved off them first (a toast under the pointer
 * stays): one fading out is drawn half transparent, and axe would read its text as too faint.
 */
export async function waitForToastsToGo(page: Page) {
  await page.mouse.move(0, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/**
 * Closes every open toast with its close button, as a person does before reaching for what it
 * covers. (A click aimed under a toast hovers it, and a hovered toast waits for the pointer to
 * leave: it would never go on its own.) All in one step, so a toast leaving on its own meanwhile
 * is no race.
 */
export async function closeToasts(page: Page) {
  await page.evaluate(() => {
    const closes = document.querySelectorAll<HTMLButtonElement>(
      '[data-sonner-toast] button[aria-label="Close toast"]',
    );
    closes.forEach((close) => close.click());
  });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}
