/**
 * scrape and screenshot (docs/protocol.md, Web data): a page loaded in the shared Chromium with
 * every request answered by the gateway (browser-routing.ts), JavaScript run, then either its
 * formats (scrape-formats.ts) or a PNG stored through the storage service. One deadline for the
 * page to load, settle and be read, a page navigating itself waited out (page-settle.ts); one
 * byte total for everything the page loads (capture-budget.ts), past which it answers 413; a page
 * of more elements than the server reads answers 413 to scrape. Whatever else fails a capture
 * answers 502 DATA_CAPTURE_FAILED, never 500.
 */
import fsp from 'node:fs/promises';
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  DATA_CAPTURE_MAX_BYTES,
  DATA_PAGE_MAX_ELEMENTS,
  SCREENSHOT_MAX_HEIGHT,
  SCREENSHOT_MAX_PAGE_HEIGHT,
  SCREENSHOT_MAX_WIDTH,
} from '@scout/protocol/limits';
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import type { StorageActor } from '../storage/paths.ts';
import { discardTempFile } from '../storage/receive-upload.ts';
import { storeUpload, type StorageContext } from '../storage/storage-service.ts';
import type { BrowserPool } from './browser-pool.ts';
import { browserUnavailable } from './browser-pool.ts';
import { createByteBudget } from './capture-budget.ts';
import { routeThroughGateway, type RoutingReport } from './browser-routing.ts';
import { startGatewayProxy } from './gateway-proxy.ts';
import { TooManyElements } from './extract/html-text.ts';
import { isTimeout, openPage, readSettled, watchPage, type PageWatch } from './page-settle.ts';
import { SCRAPE_FORMATS, scrapeFormats } from './scrape-formats.ts';
import { outboundApiError, type WebDataContext } from './web-data-context.ts';

export const scrapeRequest = z.object({
  url: z.string().max(8192),
  formats: z.array(z.enum(SCRAPE_FORMATS)).min(1).max(5).default(['markdown']),
});

export const screenshotRequest = z.object({
  url: z.string().max(8192),
  fullPage: z.boolean().optional(),
  width: z.number().int().min(100).max(SCREENSHOT_MAX_WIDTH).optional(),
  height: z.number().int().min(100).max(SCREENSHOT_MAX_HEIGHT).optional(),
});
export const screenshotAnswer = z.object({ url: z.string() });

/** Where a capture failed for a reason none of its answers names: for the log, without secrets. */
function failureReason(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  // The first line only (Playwright adds its call log, URLs and all), every URL cut to its origin:
  // a page's address may carry a member's token in its path or query.
  return (text.split('\n')[0] ?? '')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*/gi, (u) => {
      try {
        return `${new URL(u).origin}/…`;
      } catch {
        return '…';
      }
    })
    .slice(0, 300);
}

async function withLoadedPage<T>(
  ctx: WebDataContext,
  pool: BrowserPool | undefined,
  log: FastifyBaseLogger,
  url: string,
  viewport: { width: number; height: number },
  fn: (page: Page, report: RoutingReport, watch: PageWatch) => Promise<T>,
): Promise<T> {
  if (!pool) throw browserUnavailable();
  try {
    // A refused address is a 400 before a browser is even started.
    await ctx.client.check(url);
  } catch (err) {
    throw outboundApiError(err);
  }
  const budget = createByteBudget(DATA_CAPTURE_MAX_BYTES);
  const over = new AbortController();
  const bounds = { timeoutMs: ctx.timeoutMs, budget, signal: over.signal };
  try {
    const proxy = await startGatewayProxy(ctx.client, bounds);
    try {
      return await pool.withPage({ ...viewport, proxy: proxy.url }, async (page, context) => {
        // One deadline for the whole capture, counted from when it has its page (not while it
        // waits for one): loading, settling and reading.
        const watch = watchPage(page, ctx.timeoutMs);
        try {
          const report = await routeThroughGateway(context, page, ctx.client, bounds);
          // Only the page itself is captured: it opens no windows, as with a popup blocker (a
          // popup closed under its own dialog would hang the renderer it shares with the page).
          // Dialogs (alert, confirm, prompt) are dismissed by Playwright, having no listener.
          await context.addInitScript('window.open = () => null;');
          page.setDefaultTimeout(ctx.timeoutMs);
          const capture = (async () => {
            try {
              await openPage(page, url, watch);
            } catch (err) {
              if (report.documentError) throw outboundApiError(report.documentError);
              if (isTimeout(err)) throw watch.expired();
              throw new ApiError('DATA_TARGET_UNREACHABLE', 'The page could not be loaded');
            }
            return readSettled(page, watch, async () => {
              // The page navigated itself somewhere the gateway could not load.
              if (report.documentError) throw outboundApiError(report.documentError);
              return fn(page, report, watch);
            });
          })();
          // Past the capture's total, its deadline, or its navigations it stops now, not when
          // the page gives up: the pool closes the context, which ends whatever the page was doing.
          capture.catch(() => {});
          return await Promise.race([
            capture,
            watch.givenUp,
            budget.spent.catch((err: unknown) => {
              throw outboundApiError(err);
            }),
          ]);
        } finally {
          watch.stop();
        }
      });
    } finally {
      // Whatever the page still had coming is not read, nor kept until its deadline.
      over.abort();
      await proxy.close();
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    // Nothing a page does may answer 500: what no answer above names is logged once, here.
    log.error({ reason: failureReason(err), host: new URL(url).host }, 'page capture failed');
    throw new ApiError('DATA_CAPTURE_FAILED');
  }
}

const tooManyElements = () => new ApiError('DATA_CAPTURE_TOO_LARGE', new TooManyElements().message);

export async function runScrape(
  ctx: WebDataContext,
  pool: BrowserPool | undefined,
  log: FastifyBaseLogger,
  input: z.output<typeof scrapeRequest>,
) {
  return withLoadedPage(
    ctx,
    pool,
    log,
    input.url,
    { width: 1280, height: 800 },
    async (page, report) => {
      // Counted in the browser, before a document too large to read crosses over to the server.
      const elements = Number(await page.evaluate('document.getElementsByTagName("*").length'));
      if (elements > DATA_PAGE_MAX_ELEMENTS) throw tooManyElements();
      const html = await page.content();
      try {
        return scrapeFormats(html, report.documentUrl ?? page.url(), input.formats);
      } catch (err) {
        throw err instanceof TooManyElements ? tooManyElements() : err;
      }
    },
  );
}

function screenshotPath(caller: StorageActor): string {
  const name = `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.png`;
  return caller.kind === 'service'
    ? `screenshots/${name}`
    : `users/${caller.userId}/screenshots/${name}`;
}

export async function runScreenshot(
  ctx: WebDataContext,
  pool: BrowserPool | undefined,
  storage: StorageContext,
  actor: StorageActor,
  log: FastifyBaseLogger,
  input: z.output<typeof screenshotRequest>,
) {
  const viewport = { width: input.width ?? 1280, height: input.height ?? 800 };
  const png = await withLoadedPage(ctx, pool, log, input.url, viewport, async (page, _r, watch) => {
    if (!input.fullPage) return page.screenshot({ type: 'png', timeout: watch.timeout() });
    const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
    // The tallest page captured whole; a longer one is cut at the limit.
    return page.screenshot({
      type: 'png',
      fullPage: true,
      timeout: watch.timeout(),
      ...(height > SCREENSHOT_MAX_PAGE_HEIGHT
        ? { clip: { x: 0, y: 0, width: viewport.width, height: SCREENSHOT_MAX_PAGE_HEIGHT } }
        : {}),
    });
  });
  const tempFile = await storage.files.createTempFile();
  try {
    await fsp.writeFile(tempFile, png);
    const stored = await storeUpload(storage, actor, {
      fields: { path: screenshotPath(actor) },
      tempFile,
      size: png.length,
    });
    return { url: stored.publicUrl };
  } finally {
    await discardTempFile(tempFile);
  }
}
