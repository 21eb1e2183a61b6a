import { expect, type Page } from '@playwright/test';

export interface TabWalk {
  /** Each stop, in order: its tag, role and name, as `button "Sign In"`. */
  stops: string[];
  /** The stops a sighted keyboard user could not see, with what is wrong. */
  invisible: string[];
}

declare global {
  interface Window {
    tabWalkFirst?: Element | null;
  }
}

/**
 * Presses Tab round the whole page, once, and reads every element that takes focus: it must have
 * a box, lie on the screen once the browser has scrolled to it, not be hidden, and not sit in
 * something hidden from assistive technology (aria-hidden). A focus that lands where nobody can
 * see it is a stop a keyboard user passes blind.
 */
export async function walkTabStops(page: Page, limit = 300): Promise<TabWalk> {
  const stops: string[] = [];
  const invisible: string[] = [];
  await page.evaluate(() => {
    window.tabWalkFirst = null;
  });
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      if (el === window.tabWalkFirst) return 'round';
      window.tabWalkFirst ??= el;
      const r = el.getBoundingClientRect();
      const role = el.getAttribute('role');
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      const problems = [
        r.width === 0 || r.height === 0 ? 'no box' : null,
        r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth
          ? 'off the screen'
          : null,
        el.checkVisibility({ visibilityProperty: true }) ? null : 'hidden',
        el.closest('[aria-hidden="true"]') ? 'inside aria-hidden' : null,
      ].filter((p) => p !== null);
      return {
        what: `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`,
        problems,
      };
    });
    // Past the last stop focus leaves the page for a moment: the next Tab starts it again.
    if (stop === null) continue;
    if (stop === 'round') return { stops, invisible };
    stops.push(stop.what);
    if (stop.problems.length > 0) invisible.push(`${stop.what}: ${stop.problems.join(', ')}`);
  }
  throw new Error(`Tab did not come round within ${limit} stops: ${stops.slice(-5).join(', ')}`);
}

/** Every tab stop of the page is one a sighted keyboard user can see. */
export async function expectVisibleTabStops(page: Page) {
  const { stops, invisible } = await walkTabStops(page);
  expect(stops.length, 'tab stops').toBeGreaterThan(0);
  expect(invisible).toEqual([]);
}
