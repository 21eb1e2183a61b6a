/**
 * One headless Chromium per server process for scrape and screenshot (docs/decisions/036-chromium-behind-the-gateway.md):
 * launched on first use, a fresh context (no cookies, storage or cache shared) per request, at
 * most `maxPages` pages at once (others wait their turn), and launched again when it dies.
 * playwright-core loads only here, on first use. No browser installed: 503 BROWSER_UNAVAILABLE;
 * the browser (or the page's renderer) dying under a capture: 503 BROWSER_FAILED for that
 * capture, and a new browser for the next.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiError } from '../errors.ts';

/** Chromium's flags: no sandbox (containers), no GPU, no traffic of its own, and no DNS of its own. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-dev-shm-usage',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  // Every request is answered by the gateway: routed (browser-routing.ts) or sent to its proxy
  // on 127.0.0.1 (gateway-proxy.ts). Should one ever go elsewhere, no name or address but the
  // proxy's resolves, so Chromium cannot connect anywhere on its own.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

export interface PageOptions {
  width: number;
  height: number;
  /** The gateway's proxy (gateway-proxy.ts) for whatever the context's routing does not see. */
  proxy?: string;
}

export interface BrowserPool {
  /** Runs `fn` on a fresh page in a fresh context, closed afterwards whatever happens. */
  withPage<T>(
    opts: PageOptions,
    fn: (page: Page, context: BrowserContext) => Promise<T>,
  ): Promise<T>;
  /** Pages open now (for tests and the health of the pool). */
  readonly open: number;
  /** Captures waiting for a page. */
  readonly queued: number;
  close(): Promise<void>;
}

export const browserUnavailable = () => new ApiError('BROWSER_UNAVAILABLE');
/** The browser or the page's renderer died during a capture. */
export const browserFailed = () => new ApiError('BROWSER_FAILED');

export function createBrowserPool(opts: {
  executablePath: string | undefined;
  maxPages: number;
  /** Flags beyond CHROMIUM_ARGS. */
  args?: string[];
}): BrowserPool {
  let browser: Promise<Browser> | undefined;
  let open = 0;
  const waiting: Array<() => void> = [];
  let closed = false;

  function launch(): Promise<Browser> {
    if (!opts.executablePath) return Promise.reject(browserUnavailable());
    const launching = import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({
          executablePath: opts.executablePath,
          args: [...CHROMIUM_ARGS, ...(opts.args ?? [])],
          timeout: 30_000,
        }),
      )
      .then((b) => {
        // A crashed or killed browser is forgotten; the next request launches a new one.
        b.on('disconnected', () => {
          if (browser === launching) browser = undefined;
        });
        return b;
      })
      .catch(() => {
        if (browser === launching) browser = undefined;
        throw browserUnavailable();
      });
    return launching;
  }

  /** The running browser, or a new one when the last one died. */
  async function connected(): Promise<Browser> {
    const current = (browser ??= launch());
    const b = await current;
    if (b.isConnected()) return b;
    // Dead but not forgotten yet: whoever notices first launches the next one.
    if (browser === current) browser = launch();
    return (browser ??= launch());
  }

  /**
   * A fresh context in the running browser. A browser killed a moment ago may not have said so
   * yet: its context fails, it shows as disconnected by then, and one new browser is launched.
   */
  async function openContext(page: PageOptions) {
    const options = {
      viewport: { width: page.width, height: page.height },
      serviceWorkers: 'block' as const,
      // Loopback too: Chromium would otherwise reach 127.0.0.1 and localhost directly.
      ...(page.proxy ? { proxy: { server: page.proxy, bypass: '<-loopback>' } } : {}),
      acceptDownloads: false,
      javaScriptEnabled: true,
    };
    for (let attempt = 0; ; attempt++) {
      const b = await connected();
      try {
        return { b, context: await b.newContext(options) };
      } catch (err) {
        if (b.isConnected()) throw err;
        if (attempt > 0) throw browserFailed();
      }
    }
  }

  async function acquire() {
    if (open < opts.maxPages) {
      open++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else open--;
  }

  return {
    get open() {
      return open;
    },
    get queued() {
      return waiting.length;
    },
    async withPage(page, fn) {
      if (closed) throw browserUnavailable();
      await acquire();
      let b: Browser | undefined;
      let context: BrowserContext | undefined;
      let crashed = false;
      try {
        ({ b, context } = await openContext(page));
        const p = await context.newPage();
        // A crashed page answers no more calls; the capture ends now, not at its deadline.
        const crash = new Promise<never>((_, reject) =>
          p.once('crash', () => {
            crashed = true;
            reject(browserFailed());
          }),
        );
        crash.catch(() => {});
        const work = fn(p, context);
        work.catch(() => {});
        return await Promise.race([work, crash]);
      } catch (err) {
        // Killed or crashed under this capture: whatever the capture made of it (a page that
        // "never loaded"), the answer says the browser failed. The next capture gets a new one.
        if (crashed || (b && !b.isConnected())) throw browserFailed();
        throw err;
      } finally {
        await context?.close().catch(() => {});
        release();
      }
    },
    async close() {
      closed = true;
      const b = browser;
      browser = undefined;
      if (b) await (await b.catch(() => undefined))?.close();
    },
  };
}
