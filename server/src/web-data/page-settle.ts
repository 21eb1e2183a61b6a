/**
 * Reading a page that may not hold still (docs/decisions/036-chromium-behind-the-gateway.md). Any
 * page can navigate itself at any moment (a meta refresh, a script setting `location`), and reading
 * it while it does fails. So a capture opens the page, waits for it to settle (loaded, its network
 * quiet, and no navigation of its own meanwhile), reads it, and waits and reads again when a
 * navigation raced the read, all within the capture's one deadline. A page that navigates itself
 * more than DATA_CAPTURE_MAX_NAVIGATIONS times is given up on at once (502 DATA_PAGE_UNSTABLE); at
 * the deadline the answer is DATA_PAGE_UNSTABLE when the page was still navigating, else 504
 * DATA_TARGET_TIMEOUT (a page that never finishes loading, a script that never ends).
 */
import type { Page } from 'playwright-core';
import { DATA_CAPTURE_MAX_NAVIGATIONS } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import { frameOf } from './browser-routing.ts';

/** How long the network may keep going after `load` before the page is read as it is. */
const SETTLE_MS = 1500;
/** A page that navigated this recently when its deadline came was still navigating. */
const STILL_NAVIGATING_MS = 1000;

export const pageUnstable = () =>
  new ApiError(
    'DATA_PAGE_UNSTABLE',
    `The page kept navigating away (more than ${DATA_CAPTURE_MAX_NAVIGATIONS} times, or until the deadline) and never settled long enough to be read`,
  );
export const pageTimeout = () =>
  new ApiError('DATA_TARGET_TIMEOUT', 'The page took too long to load');

/** One capture's deadline, and the navigations of its page's own document. */
export interface PageWatch {
  /** Navigations of the page's document so far, the one that opened it included. */
  readonly navigations: number;
  /** Rejects once the capture is given up on: the page navigated too often, or the deadline. */
  readonly givenUp: Promise<never>;
  /** What is left of the deadline, in ms, at least 1 (a Playwright timeout of 0 means none). */
  timeout(): number;
  /** The answer for a capture that reached its deadline. */
  expired(): ApiError;
  stop(): void;
}

export function watchPage(page: Page, timeoutMs: number): PageWatch {
  const deadline = Date.now() + timeoutMs;
  let navigations = 0;
  let lastAt = 0;
  let giveUp: (err: ApiError) => void = () => {};
  const givenUp = new Promise<never>((_, reject) => {
    giveUp = reject;
  });
  givenUp.catch(() => {});
  // Still navigating: it navigated itself more than once, the last time a moment ago. A page that
  // navigated once to a page that is slow to load is only slow.
  const expired = () =>
    navigations > 2 && Date.now() - lastAt < STILL_NAVIGATING_MS ? pageUnstable() : pageTimeout();
  const timer = setTimeout(() => giveUp(expired()), timeoutMs);
  page.on('request', (req) => {
    // Popups and frames navigate their own documents, not the one being captured.
    if (!req.isNavigationRequest() || frameOf(req) !== page.mainFrame()) return;
    navigations++;
    lastAt = Date.now();
    if (navigations > DATA_CAPTURE_MAX_NAVIGATIONS + 1) giveUp(pageUnstable());
  });
  return {
    get navigations() {
      return navigations;
    },
    givenUp,
    timeout: () => Math.max(1, deadline - Date.now()),
    expired,
    stop: () => clearTimeout(timer),
  };
}

export const isTimeout = (err: unknown) => err instanceof Error && err.name === 'TimeoutError';

/** Playwright's words for a call that failed because the document it read went away. */
const RACED =
  /navigating and changing the content|execution context was destroyed|because of a navigation|frame was detached/i;

/**
 * Opens `url` in the page. A navigation of the page's own that interrupts it is not a failure:
 * the document it leads to is waited for by `readSettled`.
 */
export async function openPage(page: Page, url: string, watch: PageWatch): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'load', timeout: watch.timeout() });
  } catch (err) {
    if (watch.navigations > 1 && !isTimeout(err)) return;
    throw err;
  }
}

/**
 * `read(page)` once the page has settled: loaded, its network quiet for a moment (or busy past
 * SETTLE_MS, when it is read as it is), and not navigated meanwhile. Read again, once settled
 * again, when a navigation of the page's own made the read fail or happened during it.
 */
export async function readSettled<T>(page: Page, watch: PageWatch, read: () => Promise<T>) {
  for (;;) {
    const seen = watch.navigations;
    try {
      await page.waitForLoadState('load', { timeout: watch.timeout() });
    } catch (err) {
      throw isTimeout(err) ? watch.expired() : err;
    }
    await page
      .waitForLoadState('networkidle', { timeout: Math.min(SETTLE_MS, watch.timeout()) })
      .catch(() => {});
    if (watch.navigations !== seen) continue;
    try {
      return await read();
    } catch (err) {
      const raced = watch.navigations !== seen || (err instanceof Error && RACED.test(err.message));
      if (!raced) throw isTimeout(err) ? watch.expired() : err;
    }
    if (watch.timeout() <= 1) throw watch.expired();
  }
}
